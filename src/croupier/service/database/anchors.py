"""Signed anchors from a shell or a page: keys, signing the heads, proving a printed anchor.

The signing key never goes into the database: it comes from ``--key FILE``, from the folder
``CROUPIER_ANCHOR_KEYS`` (``ORG.pem``, each organization's own key on a server of several), or
from the environment variable ``CROUPIER_ANCHOR_KEY`` (a file's path, or the PEM text itself).
Proving needs only the public key: ``--public-key FILE`` or ``CROUPIER_ANCHOR_PUBLIC_KEY``
(again a path or PEM text). See docs/anchors.md for handling, rotation and loss.

**Whose chain.** A close signs the database's anchor (version 1, every stream) while the
database serves one organization, and the closing organization's own anchor (version 2, its
streams only) once it serves several (``chain_of``); ``croupier anchor sign --org`` signs an
organization's own anchor at any time.
"""

from __future__ import annotations

import os
import string
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
    load_pem_public_key,
)

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.service.files import read_text
from croupier.store import anchor as anchors
from croupier.store import open_existing_store

KEY_ENV = "CROUPIER_ANCHOR_KEY"
KEYS_ENV = "CROUPIER_ANCHOR_KEYS"
PUBLIC_KEY_ENV = "CROUPIER_ANCHOR_PUBLIC_KEY"


def keygen(out: Path) -> tuple[Path, Path, str]:
    """Write a new Ed25519 signing key to ``out`` (PEM, readable by its owner only) and its
    public key to ``out`` + ``.pub``; refuse to overwrite either. Returns both paths and the
    key id."""
    public_path = out.with_name(out.name + ".pub")
    for path in (out, public_path):
        if path.exists():
            raise InvalidInput(f"{path} exists; a signing key is never overwritten")
    if not out.parent.is_dir():
        raise InvalidInput(f"no folder {out.parent} for the key")
    key = Ed25519PrivateKey.generate()
    private_pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    public_pem = key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    try:
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(private_pem)
        public_path.write_bytes(public_pem)
    except OSError as exc:
        raise InvalidInput(f"cannot write the key to {out}: {exc.strerror}") from None
    return out, public_path, anchors.key_id(key.public_key())


def _pem(spec: str | None, env: str, what: str) -> bytes:
    text = spec or os.environ.get(env)
    if not text:
        flag = "--key" if env == KEY_ENV else "--public-key"
        raise InvalidInput(f"no {what}: give {flag} FILE or set {env}")
    if "-----BEGIN" not in text:
        text = read_text(Path(text), what)
    return text.encode("utf-8")


def load_private_key(spec: str | None = None) -> Ed25519PrivateKey:
    """The signing key named by ``spec`` or ``$CROUPIER_ANCHOR_KEY`` (path or PEM text)."""
    try:
        key = load_pem_private_key(_pem(spec, KEY_ENV, "anchor signing key"), password=None)
    except (ValueError, TypeError):
        raise InvalidInput("the anchor signing key is not an unencrypted PEM private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise InvalidInput("the anchor signing key must be an Ed25519 key")
    return key


def load_public_key(spec: str | None = None) -> Ed25519PublicKey:
    """The public key named by ``spec`` or ``$CROUPIER_ANCHOR_PUBLIC_KEY`` (path or PEM)."""
    try:
        key = load_pem_public_key(_pem(spec, PUBLIC_KEY_ENV, "anchor public key"))
    except (ValueError, TypeError):
        raise InvalidInput("the anchor public key is not a PEM public key") from None
    if not isinstance(key, Ed25519PublicKey):
        raise InvalidInput("the anchor public key must be an Ed25519 key")
    return key


def org_key(org: str | None) -> str | None:
    """``org``'s own signing key file in the folder ``$CROUPIER_ANCHOR_KEYS`` (``ORG.pem``),
    or None when there is none."""
    from croupier.service.people.orgs import check_org_id

    folder = os.environ.get(KEYS_ENV)
    if not org or not folder:
        return None
    check_org_id(org)  # a file name of the folder, never a path out of it
    path = Path(folder) / f"{org}.pem"
    return str(path) if path.is_file() else None


def signing_configured(org: str | None = None) -> bool:
    """Whether a signing key for ``org`` (or the database's) is configured in the environment."""
    return bool(os.environ.get(KEY_ENV)) or org_key(org) is not None


def chain_of(url: str, org: str) -> str | None:
    """Whose chain a close of ``org``'s gaming day extends: ``org``'s own once the database
    serves several organizations, else the database's (None)."""
    from croupier.store.anchor_reads import anchor_chain

    with open_existing_store(url) as store:
        return anchor_chain(store, org)


def sign(
    url: str, key: str | None = None, clock: Clock | None = None, org: str | None = None
) -> str:
    """Check the chains, sign the heads, keep the list; the printed line. Without ``org``: the
    database's anchor of every stream, signed with ``key`` or ``$CROUPIER_ANCHOR_KEY``. With
    ``org``: that organization's own anchor of its streams, signed with ``key``, else its file
    in ``$CROUPIER_ANCHOR_KEYS``, else ``$CROUPIER_ANCHOR_KEY``."""
    from croupier.service.people.orgs import namespace_at

    with open_existing_store(url) as store:
        owns = None if org is None else namespace_at(store.engine, org).owns  # served, or refused
        if key is None and org_key(org) is None and not os.environ.get(KEY_ENV):
            whose = "" if org is None else f" for {org!r}"
            folder = "" if org is None else f", put {org}.pem in ${KEYS_ENV}"
            raise InvalidInput(
                f"no anchor signing key{whose}: give --key FILE{folder} or set {KEY_ENV}"
            )
        private_key = load_private_key(key or org_key(org))
        when = (clock or SystemClock()).now()
        return anchors.sign(store, private_key, when, org, owns).line


def sign_day(url: str, org: str, key: str | None = None, clock: Clock | None = None) -> str:
    """The anchor a close of ``org``'s gaming day signs (``chain_of``)."""
    chain = chain_of(url, org)
    return sign(url, key or org_key(org), clock, chain)


@dataclass(frozen=True)
class AnchorCheck:
    """The result of proving a printed anchor, in words."""

    proven: bool
    signed_at: str
    streams: int
    events: int
    problem: str


_SIGNATURE_CHARS = 86  # an Ed25519 signature (64 bytes) in unpadded base64url
_BASE64URL = frozenset(string.ascii_letters + string.digits + "-_")


def _cut(text: str, start: int) -> str:
    """The anchor that begins at ``text[start]``, read across line breaks and spaces (a
    terminal or a PDF wraps it) up to the end of its signature, or up to the first character
    that cannot be part of it (the ``<`` of an HTML tag, a CSV comma)."""
    prefix = text[start : start + len(anchors.PREFIX)]
    out = [prefix]
    signature = -1  # characters of the signature read; -1 while still in the record
    for char in text[start + len(prefix) :]:
        if signature >= _SIGNATURE_CHARS:
            break
        if char.isspace():
            continue
        if char == ":" and signature < 0:
            signature = 0
        elif char in _BASE64URL:
            signature += signature >= 0
        else:
            break
        out.append(char)
    return "".join(out)


def anchor_text(given: str) -> str:
    """The anchor itself (line breaks and spaces in it ignored), or the first anchor in the
    text file it names (a daily report as text, CSV or HTML, a saved `anchor sign`)."""
    text = given.strip()
    if text.startswith(anchors.PREFIXES):
        return _cut(text, 0)
    content = read_text(Path(text), "anchor file")
    found = [content.find(p) for p in anchors.PREFIXES if p in content]
    if found:
        return _cut(content, min(found))
    raise InvalidInput(f"no croupier anchor in {text}")


def prove(url: str, given: str, public_key: str | None = None) -> AnchorCheck:
    """Prove the stored history against a printed anchor (the line, or a file holding it)."""
    line = anchor_text(given)
    key = load_public_key(public_key)
    with open_existing_store(url) as store:
        proof = anchors.prove(store, line, key)
    return AnchorCheck(
        proof.proven, proof.anchor.signed_at, proof.streams, proof.events, proof.problem
    )


def latest_line(url: str, org: str | None = None) -> str | None:
    """The newest anchor line kept in the database (``org``'s own, when given), if any."""
    with open_existing_store(url) as store:
        return anchors.latest(store, org=org)
