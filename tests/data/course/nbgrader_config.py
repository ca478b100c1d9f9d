# nbgrader configuration of the example course (fivehundred-tutor's tests run nbgrader here).
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "fivehundred-example"
c.CourseDirectory.root = "."
c.Exchange.root = "exchange"
c.ClearSolutions.code_stub = {"python": "# your answers are in the widget above"}
c.Execute.timeout = 300
