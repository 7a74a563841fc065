"""Numbers in the docs' prose that nothing accounts for. A number a reader takes as measured must come from a result
page through a fact marker (docfacts.py); typed numbers drift (a pass "15-19 s" that the pages give as 26-33 s, a
metrics period "every 10 s" that is 1 s). So the docs check refuses every number in prose unless it is

- inside a fact marker, a code block or a code span, a link's target or an HTML comment;
- an identifier (IDENTIFIERS: a date, a version, a reference, a list item's number, a scale such as 10^7);
- the default of a configuration key its paragraph names (docs/reference/configuration.md, generated from the code);
- matched by a line of docs/numbers-allowed.tsv, which names the documents, the phrase and why the number is not a
  result (a target, a budget, a setting of a command, a constant of the code). A line that matches nothing is
  refused too, so that the list cannot keep what the docs dropped.

Standard library only.
"""

import re
from pathlib import Path

ALLOWED = Path('docs') / 'numbers-allowed.tsv'
CONFIGURATION = Path('docs') / 'reference' / 'configuration.md'

# What is not prose: replaced by blanks of the same lines, so that a number's line stays its line in the file.
NOT_PROSE = [re.compile(p, re.S | re.M) for p in (
    r'\A---\n.*?\n---\n',              # a page's front matter (upstream's site)
    r'<!--fact [^>]*-->.*?<!--/fact-->',  # a fact, its value from a result page
    r'<!--.*?-->',                     # a comment
    r'^\s*```.*?^\s*```',              # a code block
    r'`[^`]*`',                        # a code span: a command, a key, a name as the code spells it
    r'\]\([^)]*\)',                    # a link's target
    r'<https?://[^>]*>|https?://\S+',  # an address
    r'\{\{<.*?>\}\}',                  # a Hugo shortcode (upstream's site)
)]

IDENTIFIERS = [(re.compile(p, re.M), why) for p, why in (
    (r'\b\d{4}-\d{2}-\d{2}\b', "a date: a result page's name or a changelog entry's day"),
    (r'\b\d+(?:\.\d+){2,}(?:\.post\d+)?\b', 'a version'),
    (r'\b10(?:\^|<sup>)\d+(?:</sup>)?(?:-10(?:\^|<sup>)\d+(?:</sup>)?)?', "a scale's order of magnitude, which "
                                                                          "names a scenario's size"),
    (r'(?:#|\b(?:HDDS|HADOOP|RATIS)-|\b[Ii]ssues? |\b[Ss]eeds? |\*[Ss]eed |\bPR )\d+(?:(?:,| and| to|-) ?\d+)*\b',
     'a reference to an issue, a pull request, a JIRA or a seed document'),
    (r'^\s*(?:[-*] )?\d+\.(?=\s)', "a list item's number"),
    (r'\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b', 'a commit'),
    (r'\b\d{2,4}(?=-[a-z])', "a patch's number in the upstream series"),
    (r'\b(?:[Ss]teps?|[Pp]oints?|[Ii]tems?|[Pp]hases?|[Pp]atch(?:es)?|[Ff]eatures?|PRs?) '
     r'\d+(?:(?:,| and| to|-) ?\d+)*\b', 'a reference to a step, an item or a patch by its number'),
    (r'\bdefaults?,? (?:is |of |to )?[-+]?\d[\d,.]*(?:e\d+)?(?: ?[a-zA-Z]+)?|\d[\d,.]*(?: ?[a-zA-Z]+)? by default',
     "a default of a command's option or of a key"),
    (r'\bexit(?:s|ed)?(?: with)?(?: code| status)? \d+\b|\bexit codes? \d+(?:(?:,| and| or) \d+)*',
     'an exit code'),
    (r'\bports? (?:from )?\d{4,5}\b\+?|\bbase ?\+ ?\d+|\b\d{4,5}\+',
     "a port, or a port's offset from a cluster's base port"),
    (r'^#+ .*$', 'a heading (a section names what it holds; its numbers are names)'),
    (r'(?:<=|>=|<|>|\btargets? (?:of |is |was )?)\s?[-+±]?\d[\d,.]*[x%]?|[-+±]?\d[\d,.]*[x%]? targets?\b'
     r'|\btargets?\b[^.;)]*?\(\d[\d,.]*[x%]?[^)]*\)',
     'a bound: what a target or a constraint asks, not what was measured'),
)]

NUMBER = re.compile(r'(?<![\w.])[-+±]?\d[\d,_]*(?:\.\d+)?(?:[x%]|\b)')


class Unaccounted:
    """A number of a document's prose that no rule accounts for."""

    def __init__(self, path, line, number, context):
        self.path, self.line, self.number, self.context = path, line, number, context

    def __str__(self):
        return f'{self.path}:{self.line}: {self.number} in "{self.context}"'


def _blank(match):
    return re.sub(r'[^\n]', ' ', match.group(0))


def prose(text):
    """`text` with all that is not prose blanked out, its lines kept."""
    for pattern in NOT_PROSE:
        text = pattern.sub(_blank, text)
    for pattern, _ in IDENTIFIERS:
        text = pattern.sub(_blank, text)
    return text


def value(number):
    """A number's value as text without its sign, separators and unit: '±10%' -> '10', '200,000' -> '200000'."""
    return re.sub(r'[-+±,_x%]', '', number).rstrip('.')


def configuration_defaults(repo):
    """{key: its default's number} from the generated configuration reference, for the defaults that are numbers
    ('10m' -> '10', '0.2' -> '0.2')."""
    defaults = {}
    path = repo / CONFIGURATION
    for m in re.finditer(r'^\| `([a-z0-9.]+)` \| `(\d+(?:\.\d+)?)[a-z]*` \|', path.read_text(), re.M):
        defaults[m.group(1)] = m.group(2)
    return defaults


class Allowed:
    """docs/numbers-allowed.tsv: `glob <TAB> regex <TAB> reason` per line (# starts a comment; `^` and `$` match at
    lines). In a document the glob matches, the numbers inside a match of the regex are accounted for."""

    def __init__(self, repo):
        self.entries = []
        for n, line in enumerate((repo / ALLOWED).read_text().splitlines(), 1):
            if not line.strip() or line.startswith('#'):
                continue
            fields = line.split('\t')
            if len(fields) != 3 or not all(f.strip() for f in fields):
                raise ValueError(f'{ALLOWED}:{n}: expected "glob<TAB>regex<TAB>reason"')
            self.entries.append((n, fields[0], re.compile(fields[1], re.M), fields[2]))
        self.used = set()

    def spans(self, doc, text):
        """The spans of `text` (a document) that the entries for `doc` allow."""
        spans = []
        for n, glob, pattern, _ in self.entries:
            if Path(doc).match(glob):
                for m in pattern.finditer(text):
                    spans.append((m.start(), m.end()))
                    self.used.add(n)
        return spans

    def unused(self):
        return [f'{ALLOWED}:{n}' for n, *_ in self.entries if n not in self.used]


def unaccounted(doc, raw, defaults, allowed):
    """The numbers of `raw` (the text of the document `doc`, relative to the repository) that no rule accounts
    for."""
    text = prose(raw)  # the same length as raw: a paragraph's span in one is its span in the other
    spans = allowed.spans(doc, raw)
    lines = raw.splitlines()
    found = []
    for paragraph in re.finditer(r'(?:[^\n]*\S[^\n]*\n?)+', text):
        named = raw[paragraph.start():paragraph.end()]
        keys_default = {defaults[k] for k in defaults if k in named or _short(k) in named}
        for m in NUMBER.finditer(paragraph.group(0)):
            start = paragraph.start() + m.start()
            if any(a <= start < b for a, b in spans) or value(m.group(0)) in keys_default:
                continue
            line = text.count('\n', 0, start) + 1
            context = lines[line - 1].strip()
            found.append(Unaccounted(doc, line, m.group(0), re.sub(r'\s+', ' ', context)[:100]))
    return found


def _short(key):
    """A key as prose names it: `ozone.om.range.compaction.service.min.tombstones` -> `min.tombstones`; a key whose
    last part is one word (`...service.interval`) has no short name (prose says "interval" of many things)."""
    short = re.sub(r'^ozone\.om\.range\.(?:compaction\.service|stats)\.', '', key)
    return short if '.' in short else key


def problems(repo, texts):
    """What the docs check refuses, one line each: every number of `texts` ({document relative to `repo`: its text})
    that nothing accounts for, then every line of the allow-list that matched nothing."""
    defaults, allowed = configuration_defaults(repo), Allowed(repo)
    found = [str(u) for doc, text in texts.items() for u in unaccounted(doc, text, defaults, allowed)]
    return found + [f'{entry}: matches no number of the docs; remove it' for entry in allowed.unused()]
