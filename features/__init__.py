"""The rulings as Gherkin scenarios, one folder per game (shipped as package data)."""
