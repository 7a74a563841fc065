"""The plain-language verdict of a scenario, computed from the arms' numbers (never written by hand)."""

from dataclasses import dataclass

# A single run on a shared 2-core machine moves latencies and rates by about this much between identical runs,
# so smaller differences are reported as "no clear difference".
NOISE = 0.10


@dataclass(frozen=True)
class KeyMetric:
    label: str
    path: str  # in an arm's summary (see summary.lookup)
    unit: str


# The questions the benchmark answers, in the order the verdict states them. Lower is better for all of them.
KEY_METRICS = [
    KeyMetric('OM seek average', 'om.seekAvgUsRun', 'us'),
    KeyMetric('iterator skips per operation', 'om.iterSkipsPerOp', ''),
    KeyMetric('LIST p99', 'client.operations.LIST.p99', 'ms'),
    KeyMetric('CREATE p99', 'client.operations.CREATE.p99', 'ms'),
    KeyMetric('DELETE p99', 'client.operations.DELETE.p99', 'ms'),
    KeyMetric('compaction write bytes', 'om.compactWriteMB', 'MB'),
    KeyMetric('write stall', 'om.writeStallMs', 'ms'),
]


def _separated(a, b):
    """True when two values differ by more than NOISE and by more than their spreads. A value is (median, min, max)
    over repeats, whose ranges must not overlap; or (value, min, max, segments) of a single run cut into segments
    (segments.py), where the k-th segment of one run meets the k-th of the other (the same phase of the same load,
    so a trend over the run cancels) and one must be more than NOISE above the other in every segment."""
    ma, mb = a[0], b[0]
    if abs(ma - mb) <= NOISE * max(abs(ma), abs(mb)):
        return False
    if len(a) == 4 and len(b) == 4 and len(a[3]) == len(b[3]):
        ratios = [x / y for x, y in zip(a[3], b[3]) if y > 0]
        if len(ratios) < len(a[3]):
            return False
        return all(r > 1 + NOISE for r in ratios) or all(r < 1 / (1 + NOISE) for r in ratios)
    lo_a, hi_a, lo_b, hi_b = a[1], a[2], b[1], b[2]
    return hi_a < lo_b or hi_b < lo_a


def lowest(values):
    """The arm with the lowest value of {arm: value as _separated takes it}, or None when the lowest two are not
    separated.

    Returns (arm or None, ordered [(arm, aggregate)]), arms without a value left out.
    """
    ranked = sorted(((arm, v) for arm, v in values.items() if v is not None), key=lambda item: item[1][0])
    if not ranked:
        return None, ranked
    if len(ranked) == 1 or _separated(ranked[0][1], ranked[1][1]):
        return ranked[0][0], ranked
    return None, ranked


def _segment_count(ranked):
    """'; A lower than B in k of n segments' for the best two of single runs cut into segments, else ''."""
    if len(ranked) < 2 or len(ranked[0][1]) != 4 or len(ranked[1][1]) != 4:
        return ''
    (a, first), (b, second) = ranked[0], ranked[1]
    if len(first[3]) != len(second[3]):
        return ''
    lower = sum(1 for x, y in zip(first[3], second[3]) if x < y)
    return f'; {a} lower than {b} in {lower} of {len(first[3])} segments'


def compare(value, baseline):
    """'better', 'worse' or 'similar' for lower-is-better values given as _separated takes them."""
    if not _separated(value, baseline):
        return 'similar'
    return 'better' if value[0] < baseline[0] else 'worse'


def ratio(value, baseline):
    if value is None or baseline is None:
        return None
    if baseline == 0:
        return 1.0 if value == 0 else float('inf')
    return value / baseline


def _fmt(value, unit):
    if value >= 100:
        text = f'{value:,.0f}'
    elif value >= 1:
        text = f'{value:.1f}'
    else:
        text = f'{value:.3g}'
    return f'{text} {unit}'.strip()


def scenario_verdict(values, baseline='off', metrics=None):
    """Lines of the verdict for {metric label: {arm: (median, min, max) or None}}; `metrics` are the scenario's key
    metrics (default KEY_METRICS)."""
    metrics = metrics or KEY_METRICS
    lines = []
    for metric in metrics:
        per_arm = values.get(metric.label, {})
        best, ranked = lowest(per_arm)
        if not ranked:
            lines.append(f'{metric.label}: not measured.')
            continue
        listing = ', '.join(f'{arm} {_fmt(v[0], metric.unit)}' for arm, v in ranked)
        if best:
            lines.append(f'{metric.label}: lowest in {best}, apart from the next beyond the noise ({listing}).')
        else:
            lines.append(f'{metric.label}: the lowest two not told apart, within {NOISE:.0%} or their spreads '
                         f'overlap ({listing}{_segment_count(ranked)}).')
    arms = sorted({arm for per_arm in values.values() for arm in per_arm} - {baseline})
    for arm in arms:
        groups = {'better': [], 'worse': [], 'similar': []}
        for metric in metrics:
            per_arm = values.get(metric.label, {})
            mine, base = per_arm.get(arm), per_arm.get(baseline)
            if mine is None or base is None:
                continue
            r = ratio(mine[0], base[0])
            groups[compare(mine, base)].append(f'{metric.label} {r:.2f}x' if r != float('inf') else
                                               f'{metric.label} {_fmt(mine[0], metric.unit)} vs none')
        if not any(groups.values()):
            continue
        parts = [f'{name} on {", ".join(items)}' for name, items in
                 (('better', groups['better']), ('worse', groups['worse']), ('no clear difference',
                                                                            groups['similar'])) if items]
        lines.append(f'`{arm}` against `{baseline}`: ' + '; '.join(parts) + '.')
    return lines
