"""The live server's side of the browser tests."""

import threading


class RequestsInFlight:
    """The live server's application, counting the requests it is answering: from the call
    until the server closes the answer, which is when Django closes the request's database
    connection."""

    def __init__(self, application):
        self.application = application
        self.count = 0
        self.changed = threading.Condition()

    def __call__(self, environ, start_response):
        with self.changed:
            self.count += 1
        try:
            answer = self.application(environ, start_response)
        except BaseException:
            self._finished()
            raise
        return _Answer(answer, self._finished)

    def _finished(self):
        with self.changed:
            self.count -= 1
            self.changed.notify_all()

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
