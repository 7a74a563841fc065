"""Parsing of the Prometheus text exposition format, as OM serves it on /prom."""

import math
import re

# name{labels} value [timestamp]; labels are parsed separately because their values may hold '}' or ','.
_SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)(\s+-?\d+)?\s*$')
_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)')
_ESCAPES = {'\\\\': '\\', '\\"': '"', '\\n': '\n'}

# Labels every OM metric carries that say nothing about the metric itself.
IGNORED_LABELS = frozenset({'hostname', 'context'})


class PromParseError(ValueError):
    """A line of /prom output that is not a comment, blank, or a valid sample."""


def _unescape(value):
    return re.sub(r'\\[\\"n]', lambda m: _ESCAPES[m.group(0)], value)


def _parse_labels(text, line_number):
    labels = {}
    body = text[1:-1]
    position = 0
    while position < len(body):
        match = _LABEL.match(body, position)
        if not match:
            raise PromParseError(f'line {line_number}: malformed labels {text!r}')
        labels[match.group(1)] = _unescape(match.group(2))
        position = match.end()
    return labels


def _parse_value(text, line_number):
    special = {'NaN': math.nan, '+Inf': math.inf, '-Inf': -math.inf}
    if text in special:
        return special[text]
    try:
        return float(text)
    except ValueError:
        raise PromParseError(f'line {line_number}: value {text!r} is not a number') from None


def parse(text):
    """Returns {(name, ((label, value), ...)): value} for every sample; labels sorted, IGNORED_LABELS dropped."""
    samples = {}
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith('#'):
            continue
        match = _SAMPLE.match(line)
        if not match:
            raise PromParseError(f'line {line_number}: not a sample: {line[:120]!r}')
        name, label_text, value_text = match.group(1), match.group(2), match.group(3)
        labels = _parse_labels(label_text, line_number) if label_text else {}
        key = (name, tuple(sorted((k, v) for k, v in labels.items() if k not in IGNORED_LABELS)))
        samples[key] = _parse_value(value_text, line_number)
    return samples


def lookup(samples, name, **labels):
    """The value of one sample, or None when OM does not export it (e.g. a service that is off)."""
    return samples.get((name, tuple(sorted(labels.items()))))
