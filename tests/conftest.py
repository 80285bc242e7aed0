"""Shared test setup: markers that pyproject does not list, and the tools/ folder on sys.path."""

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))   # `import nbsource` in the notebook tests


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in Chromium (make browser)")
    config.addinivalue_line(
        "markers", "notebooks: checks the stored teaching notebooks")
