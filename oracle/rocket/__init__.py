"""Stephenson's Rocket (Reiner Knizia, 1999; Grail Games 2018): the reference oracle."""
