"""Reports people and CI systems read: report.json, junit.xml, index.html, the terminal."""
