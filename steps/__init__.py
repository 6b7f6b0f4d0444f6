"""Step definitions. They talk to one ``Implementation`` and nothing else."""
