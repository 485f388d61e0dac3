"""Calls the official SDK's Client for the compatibility tests (see compat/README.md).

One JSON request per line on stdin, one JSON answer per line on stdout:
  {"connect": NAME, "options": {Client keyword arguments}}   makes a Client
  {"client": NAME, "method": M, "args": [...], "kwargs": {...}}   calls it
  {"methods": true}   lists the public methods of Client
An argument {"$datetime": "YYYY-MM-DDTHH:MM:SS"} becomes a naive UTC datetime, and {"$query": [[name, value], ...]}
a list of (name, value) tuples, as the SDK expects.
Answers: {"ok": true, "value": ...} or {"ok": false, "error": {"type": ..., "message": ...}}.
"""
import datetime
import inspect
import json
import sys

from alertaclient.api import Client


def to_json(value):
    if isinstance(value, datetime.datetime):
        return value.isoformat(timespec='milliseconds') + 'Z'
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if hasattr(value, '__dict__'):
        return {'$model': type(value).__name__, **to_json(vars(value))}
    return repr(value)


def from_json(value):
    if isinstance(value, dict) and set(value) == {'$datetime'}:
        return datetime.datetime.fromisoformat(value['$datetime'])
    if isinstance(value, dict) and set(value) == {'$query'}:
        return [tuple(pair) for pair in value['$query']]
    if isinstance(value, dict):
        return {k: from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_json(v) for v in value]
    return value


def main():
    clients = {}
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if 'methods' in request:
                names = [n for n, _ in inspect.getmembers(Client, inspect.isfunction) if not n.startswith('_')]
                answer = {'ok': True, 'value': names}
            elif 'connect' in request:
                clients[request['connect']] = Client(**request['options'])
                answer = {'ok': True, 'value': None}
            else:
                method = getattr(clients[request['client']], request['method'])
                value = method(*from_json(request.get('args', [])), **from_json(request.get('kwargs', {})))
                answer = {'ok': True, 'value': to_json(value)}
        except Exception as e:  # the tests assert what the SDK raised
            answer = {'ok': False, 'error': {'type': type(e).__name__, 'message': str(e)}}
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
