"""Assignments, grading, LMS exports."""
