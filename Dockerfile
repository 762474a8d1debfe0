# The image docs/deploy.md's compose file builds (`build: .`): croupier installed from this
# checkout on Python 3.11, run as a user without privileges. The poker engine's compiled
# modules are optional (plain Python without them); `tools/compile.py` would need gcc and the
# dev tools, so the image runs the plain sources. Not built by the tests: no Docker engine runs
# where they run (the deploy rehearsal, tests/integration/test_deploy_rehearsal.py, runs the
# compose file's services natively instead).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
COPY examples/rules ./rules
RUN pip install --no-cache-dir . \
    && useradd --system --create-home croupier
USER croupier
ENV CROUPIER_RULES_DIR=/app/rules
EXPOSE 8000
CMD ["croupier", "serve", "--host", "0.0.0.0", "--port", "8000"]
