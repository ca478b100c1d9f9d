"""Tests that drive Chromium or JupyterLab on the widgets."""
