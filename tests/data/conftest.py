"""The example course is data (nbgrader and otter read it), not tests: nothing here is collected."""

collect_ignore_glob = ["course/*"]
