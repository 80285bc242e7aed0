"""Quizzes of notebook 00 (start here)."""
QUIZZES = {}
