"""The live server's side of the browser tests."""

import threading
from collections import Counter


class RequestsInFlight:
    """The live server's application, counting the requests it is answering: from the call
    until the server closes the answer, which is when Django closes the request's database
    connection. Closed between two tests: a request that reaches it then (sent by a page
    just closed, read late by the server) is answered 503 without touching the database."""

    @classmethod
    def install(cls, httpd) -> "RequestsInFlight":
        application = httpd.get_app()
        if isinstance(application, cls):
            return application
        application = cls(application)
        httpd.set_app(application)
        # A connection's thread ends: whatever it was answering is over, even an answer the
        # server never closed (Django's ServerHandler.close() raises when the client reset
        # the connection before sending the whole body, skipping the answer's close()).
        answer_connection = httpd.process_request_thread

        def process_request_thread(request, client_address):
            try:
                answer_connection(request, client_address)
            finally:
                application._finished(threading.get_ident(), everything=True)

        httpd.process_request_thread = process_request_thread
        return application

    def __init__(self, application):
        self.application = application
        self.answering = Counter()  # thread -> requests it is answering
        self.open = True
        self.changed = threading.Condition()

    @property
    def count(self) -> int:
        return sum(self.answering.values())

    def __call__(self, environ, start_response):
        thread = threading.get_ident()
        with self.changed:
            if not self.open:
                start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
                return [b"Between two tests."]
            self.answering[thread] += 1
        try:
            answer = self.application(environ, start_response)
        except BaseException:
            self._finished(thread)
            raise
        return _Answer(answer, lambda: self._finished(thread))

    def _finished(self, thread, everything=False):
        with self.changed:
            if everything:
                self.answering.pop(thread, None)
            elif self.answering[thread] > 0:
                self.answering[thread] -= 1
            self.changed.notify_all()

    def reopen(self):
        with self.changed:
            self.open = True

    def close_and_wait(self, timeout: float) -> bool:
        """Answer no more requests, and wait for those being answered."""
        with self.changed:
            self.open = False
        return self.wait_until_idle(timeout)

    def wait_until_idle(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.count == 0, timeout)


class _Answer:
    def __init__(self, answer, finished):
        self.answer, self.finished = answer, finished

    def __iter__(self):
        return iter(self.answer)

    def close(self):
        try:
            if hasattr(self.answer, "close"):
                self.answer.close()
        finally:
            self.finished()
