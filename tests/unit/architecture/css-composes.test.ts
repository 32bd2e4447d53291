/**
 * A screen's CSS module composes shared rule blocks from `src/ui` (docs/style.md "Styling"). The
 * build copies a composed module into the CSS of every chunk that composes it, so a later chunk's
 * copy can come after a screen's own rule: a screen's class that composes a shared one and then sets
 * one of the same properties with the same weight wins or loses by chunk load order. Variants live
 * in the shared module itself (after the class they vary: `composes: header baseline from …`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');

interface Rule {
  selector: string;
  props: Map<string, string>;
  composes: string[];
}

/** Flat rules (at-rule blocks opened, comments dropped): enough for our own modules. */
function rules(file: string): Rule[] {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const out: Rule[] = [];
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const props = new Map<string, string>();
    const composes: string[] = [];
    for (const decl of m[2]!.split(';')) {
      const at = decl.indexOf(':');
      if (at < 0) continue;
      const key = decl.slice(0, at).trim();
      const value = decl.slice(at + 1).trim();
      if (key === 'composes') composes.push(value);
      else props.set(key, value);
    }
    out.push({ selector: m[1]!.trim(), props, composes });
  }
  return out;
}

function moduleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(p);
    return e.name.endsWith('.module.css') ? [p] : [];
  });
}

/** The properties a shared module's plain class rules set for the named classes. */
function sharedProps(file: string, names: string[]): Set<string> {
  const props = new Set<string>();
  for (const r of rules(file)) {
    for (const n of names) if (r.selector === `.${n}`) for (const k of r.props.keys()) props.add(k);
  }
  return props;
}

/** "a screen's `.x` sets p, which composed `.y` of file also sets", for every such case. */
function equalWeightOverrides(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const own = rules(file);
    for (const rule of own) {
      if (!/^\.[\w-]+$/.test(rule.selector)) continue;
      for (const c of rule.composes) {
        const m = /^([\w\s-]+?)\s+from\s+['"](.+?)['"]$/.exec(c);
        if (!m) continue;
        const shared = sharedProps(path.resolve(path.dirname(file), m[2]!), m[1]!.split(/\s+/));
        for (const other of own) {
          if (other.selector !== rule.selector) continue;
          for (const k of other.props.keys()) {
            if (shared.has(k)) found.push(`${path.relative(root, file)} ${rule.selector} sets ${k}`);
          }
        }
      }
    }
  }
  return found;
}

describe('CSS modules that compose a shared class', () => {
  it('do not set a property of the composed class at the same weight', () => {
    expect(equalWeightOverrides(moduleFiles(path.join(root, 'src')))).toEqual([]);
  });

  it('the check finds such an override', () => {
    const dir =
      (fs.mkdirSync(path.join(root, '.tmp'), { recursive: true }),
      fs.mkdtempSync(path.join(root, '.tmp', 'css-composes-')));
    try {
      fs.writeFileSync(path.join(dir, 'shared.module.css'), '.header {\n  display: flex;\n  gap: 8px;\n}\n');
      const screen = path.join(dir, 'screen.module.css');
      fs.writeFileSync(screen, ".head {\n  composes: header from './shared.module.css';\n  gap: 12px;\n}\n");
      expect(equalWeightOverrides([screen])).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
