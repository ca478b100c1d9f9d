"""The book: its build, its pages in a browser, its chapters, accessibility, JupyterLite."""
