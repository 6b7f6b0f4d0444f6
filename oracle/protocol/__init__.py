"""The one Implementation interface, the in-process oracle behind it, and the
JSON-lines adapter protocol that puts any other engine behind it."""
