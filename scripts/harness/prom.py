"""OM's /prom samples, parsed by prometheus_client's parser of the Prometheus text exposition format. The parser is
imported where it parses, so that the modules that only name metrics (and judge results by them, as the docs check
does with the standard library alone) do not need it."""

# Labels every OM metric carries that say nothing about the metric itself.
IGNORED_LABELS = frozenset({'hostname', 'context'})


class PromParseError(ValueError):
    """/prom output that is not valid Prometheus text."""


def parse(text):
    """Returns {(name, ((label, value), ...)): value} for every sample; labels sorted, IGNORED_LABELS dropped.

    A counter is keyed by its family's name: the parser names a counter's samples the OpenMetrics way, with
    `_total` appended, while OM's counters (`rocksdb_om_db_number_iter_skip`) have no such suffix.
    """
    from prometheus_client.parser import text_string_to_metric_families
    samples = {}
    try:
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                name = family.name if family.type == 'counter' else sample.name
                labels = tuple(sorted((k, v) for k, v in sample.labels.items() if k not in IGNORED_LABELS))
                samples[(name, labels)] = sample.value
    except ValueError as e:
        raise PromParseError(f'malformed /prom text: {e}') from None
    return samples


def lookup(samples, name, **labels):
    """The value of one sample, or None when OM does not export it (e.g. a service that is off)."""
    return samples.get((name, tuple(sorted(labels.items()))))
