"""The count of the live server's answers in flight, that each browser test waits on before
its database is flushed (conftest.py)."""

import threading

import pytest

from tests.e2e.server import RequestsInFlight


def test_an_answer_is_in_flight_until_the_server_closes_it():
    started, release = threading.Event(), threading.Event()
    closed = []

    class Answer(list):
        def close(self):
            closed.append(True)

    def slow_application(environ, start_response):
        started.set()
        release.wait(5)
        return Answer([b"done"])

    application = RequestsInFlight(slow_application)
    answers = []
    caller = threading.Thread(target=lambda: answers.append(application({}, None)))
    caller.start()
    started.wait(5)
    assert not application.wait_until_idle(timeout=0.05)
    release.set()
    caller.join(5)
    assert list(answers[0]) == [b"done"]
    assert not application.wait_until_idle(timeout=0.05), "sent but not yet closed"
    answers[0].close()
    assert closed and application.wait_until_idle(timeout=0.05)


def test_an_application_that_raises_is_no_longer_in_flight():
    def failing_application(environ, start_response):
        raise RuntimeError("boom")

    application = RequestsInFlight(failing_application)
    with pytest.raises(RuntimeError):
        application({}, None)
    assert application.wait_until_idle(timeout=0.05)


def test_between_two_tests_a_request_is_answered_503_without_the_application():
    called = []
    application = RequestsInFlight(lambda environ, start_response: called.append(1) or [b""])
    assert application.close_and_wait(timeout=0.05)
    statuses = []
    assert list(application({}, lambda status, headers: statuses.append(status))) == [
        b"Between two tests."]
    assert statuses == ["503 Service Unavailable"] and not called
    application.reopen()
    application({}, lambda status, headers: None)
    assert called


def test_an_answer_the_server_never_closed_ends_with_its_connections_thread():
    class Server:
        def get_app(self):
            return self.application

        def set_app(self, application):
            self.application = application

        def process_request_thread(self, request, client_address):
            self.answer = self.application({}, lambda status, headers: None)  # never closed

    server = Server()
    server.set_app(lambda environ, start_response: [b"done"])
    application = RequestsInFlight.install(server)
    assert RequestsInFlight.install(server) is application
    thread = threading.Thread(target=server.process_request_thread, args=(None, None))
    thread.start()
    thread.join(5)
    assert application.wait_until_idle(timeout=0.05)
