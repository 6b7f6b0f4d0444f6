"""The rulings as executable documentation (``railrules site``) and engines side by
side (``railrules compare``): static pages built from the catalogue, the feature files,
the scenarios' positions, a kill matrix and certification reports (docs/site.md)."""
