#!/usr/bin/env python3
"""Names every inline JSON request body of the contract (issue 9: "name request bodies").

For each operation in openapi/paths/**.yaml whose requestBody's application/json schema is written inline, the
schema moves to openapi/components/schemas/<OperationId>Body.yaml (PascalCase) and the operation refers to it, so
the generated types name it (components['schemas']['LoginBody']) and no module writes its own copy. Relative $refs
inside the moved schema are rewritten for its new folder. Idempotent: a body that is already a $ref is left alone.
Run after adding operations, then `npm run api:generate`.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(__file__), '..', 'openapi')
PATHS = os.path.join(ROOT, 'paths')
SCHEMAS = os.path.join(ROOT, 'components', 'schemas')


def pascal(operation_id: str) -> str:
    return operation_id[0].upper() + operation_id[1:]


def rewrite_refs(text: str, source_dir: str) -> str:
    def fix(match: re.Match) -> str:
        ref = match.group(2)
        if ref.startswith('#') or '://' in ref:
            return match.group(0)
        target = os.path.normpath(os.path.join(source_dir, ref.split('#')[0]))
        fragment = ('#' + ref.split('#', 1)[1]) if '#' in ref else ''
        rel = os.path.relpath(target, SCHEMAS)
        return f"{match.group(1)}{rel}{fragment}"
    return re.sub(r"(\$ref:\s*['\"]?)([^'\"\s,}]+)", fix, text)


def process(path: str) -> list[str]:
    lines = open(path, encoding='utf-8').read().split('\n')
    named = []
    i = 0
    operation_id = None
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(\s*)operationId:\s*(\S+)', line)
        if m:
            operation_id = m.group(2)
        m = re.match(r'^(\s*)requestBody:\s*$', line)
        if m:
            base = len(m.group(1))
            # find "application/json:" then "schema:" within the requestBody block
            j = i + 1
            while j < len(lines) and (lines[j].strip() == '' or len(lines[j]) - len(lines[j].lstrip()) > base):
                sm = re.match(r'^(\s*)schema:\s*$', lines[j])
                if sm and 'application/json' in '\n'.join(lines[i:j]):
                    indent = len(sm.group(1))
                    k = j + 1
                    while k < len(lines) and (lines[k].strip() == '' or len(lines[k]) - len(lines[k].lstrip()) > indent):
                        k += 1
                    body = lines[j + 1:k]
                    while body and body[-1].strip() == '':
                        body.pop(); k -= 1
                    # the operationId may come after the requestBody: look ahead in the operation
                    op = operation_id_of(lines, i, base)
                    if not op:
                        raise SystemExit(f'{path}: request body without an operationId near line {i + 1}')
                    name = pascal(op) + 'Body'
                    strip = min(len(l) - len(l.lstrip()) for l in body if l.strip())
                    text = '\n'.join(l[strip:] if l.strip() else '' for l in body) + '\n'
                    text = rewrite_refs(text, os.path.dirname(path))
                    target = os.path.join(SCHEMAS, name + '.yaml')
                    if os.path.exists(target):
                        raise SystemExit(f'{target} exists already')
                    open(target, 'w', encoding='utf-8').write(text)
                    ref = os.path.relpath(target, os.path.dirname(path))
                    lines[j:k] = [f"{' ' * indent}schema: {{ $ref: {ref} }}"]
                    named.append(name)
                    break
                j += 1
        i += 1
    if named:
        open(path, 'w', encoding='utf-8').write('\n'.join(lines))
    return named


def operation_id_of(lines: list[str], at: int, body_indent: int) -> str | None:
    """The operationId of the operation holding the requestBody at line `at` (siblings at the same indent)."""
    start = at
    while start > 0 and (lines[start - 1].strip() == '' or len(lines[start - 1]) - len(lines[start - 1].lstrip()) >= body_indent):
        start -= 1
    end = at + 1
    while end < len(lines) and (lines[end].strip() == '' or len(lines[end]) - len(lines[end].lstrip()) >= body_indent):
        end += 1
    for line in lines[start:end]:
        m = re.match(rf"^\s{{{body_indent}}}operationId:\s*(\S+)", line)
        if m:
            return m.group(1)
    return None


if __name__ == '__main__':
    total = []
    for folder, _, files in os.walk(PATHS):
        for file in sorted(files):
            if file.endswith('.yaml'):
                total += process(os.path.join(folder, file))
    print(f'{len(total)} request bodies named')
    if '-v' in sys.argv:
        print('\n'.join(sorted(total)))
