"""The project's own library: code any app may use, which imports no app."""
