"""The A/B report's ratios: against off when it ran, else against the first arm (two settings side by side)."""

import json
from pathlib import Path

from abbench import report

# An arms run of off and range (busy expiry), its envelope's commit and times made up.
PAGE = Path(__file__).resolve().parent / 'data' / 'arms-summary.json'


def _result(arms):
    result = json.loads(PAGE.read_text())
    result['runs'] = [r for r in result['runs'] if r['arm'] in arms]
    result['settings']['arms'] = arms
    return result


def test_ratios_are_against_off_when_it_ran():
    page = report.render(_result(['off', 'range']), {})
    assert 'Ratios are against `off`' in page
    assert '`range` against `off`' in page


def test_without_off_the_ratios_are_against_the_first_arm():
    result = _result(['range'])
    variant = [dict(r, arm='range@copy', id=r['id'].replace('range', 'range@copy')) for r in result['runs']]
    result['runs'] += variant
    result['settings']['arms'] = ['range', 'range@copy']
    page = report.render(result, {})
    assert 'Ratios are against `range`' in page
    assert '`range@copy` against `range`' in page
    assert '`range@copy`: our range compaction service' in page
