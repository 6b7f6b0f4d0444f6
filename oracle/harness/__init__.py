"""Running the suite against an implementation: pytest plugin, outcomes, reports, CLI."""
