"""Make the grader's test helpers (harness_paths, toygame) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
