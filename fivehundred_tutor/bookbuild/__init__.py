"""The book build's Python: the Jupyter Book build and server, the widget and live-engine assets."""
