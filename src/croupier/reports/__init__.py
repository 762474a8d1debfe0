"""croupier.reports: the books' records laid out as forms and rendered to bytes (CSV, HTML,
PDF) with plots where a person would rather look. No file I/O: the CLI writes the bytes."""
