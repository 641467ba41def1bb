"""What the language's tests share: a session printing into a buffer."""

import io

import pytest

from gradcli.lang import Session


@pytest.fixture
def out():
    return io.StringIO()


@pytest.fixture
def session(out):
    return Session(stdout=out)
