# The bot in a container: its runtime dependencies only (no test tools), run by a user without
# privileges, with the database in the /data volume. `docker compose up -d` builds and starts it
# (compose.yaml); alone: docker build -t wizard-discord-bot . && docker run --env-file .env -v wizard-data:/data wizard-discord-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The dependencies come from pyproject.toml (pinned there) and get their own layer, so a change to
# the code alone does not reinstall them. The project itself is not installed: it runs from /app.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

RUN groupadd --system --gid 10001 wizard \
    && useradd --system --uid 10001 --gid wizard --no-create-home --home-dir /app --shell /usr/sbin/nologin wizard \
    && mkdir /data \
    && chown 10001:10001 /data

COPY bot.py ./
COPY migrations ./migrations
COPY wizard_core ./wizard_core
COPY cogs ./cogs

USER 10001:10001
ENV WIZARD_DATABASE_PATH=/data/wizard.sqlite3
VOLUME ["/data"]

# The exec form makes python PID 1, so `docker stop` sends SIGTERM to the bot itself: it refuses new
# clicks, lets the write under way finish, closes the database and exits 0.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
