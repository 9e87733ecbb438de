import type { Package } from 'custom-elements-manifest/schema';

interface Described {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}

/** What the lab shows of an element's declaration in the manifest. */
export interface ElementDoc {
  tagName: string;
  description?: string;
  attributes?: Described[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
  slots?: Described[];
}

type Row = (string | undefined)[];

function table(caption: string, allHead: string[], allRows: Row[]): HTMLElement | undefined {
  if (allRows.length === 0) return undefined;
  // A column the manifest leaves empty for every row (e.g. no defaults) is left out.
  const kept = allHead.map((_, index) => index === 0 || allRows.some((row) => row[index])).flatMap((keep, index) => (keep ? [index] : []));
  const head = kept.map((index) => allHead[index]);
  const rows = allRows.map((row) => kept.map((index) => row[index]));
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  const t = document.createElement('table');
  t.createCaption().textContent = caption;
  const headRow = t.createTHead().insertRow();
  for (const cell of head) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = cell;
    headRow.append(th);
  }
  const body = t.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((cell, index) => {
      const td = tr.insertCell();
      if (index === 0) td.append(Object.assign(document.createElement('code'), { textContent: cell ?? '' }));
      else td.textContent = cell ?? '';
    });
  }
  wrap.append(t);
  return wrap;
}

/** The custom elements of a manifest, by tag name. */
export function elementsOf(manifest: Package): ElementDoc[] {
  const elements: ElementDoc[] = [];
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if ('tagName' in declaration && typeof declaration.tagName === 'string') elements.push(declaration as unknown as ElementDoc);
    }
  }
  return elements.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** One collapsible section per element: its description, attributes, events, CSS parts and CSS properties. */
export function renderDocs(container: HTMLElement, manifest: Package) {
  for (const element of elementsOf(manifest)) {
    const details = document.createElement('details');
    details.dataset.tag = element.tagName;
    const summary = document.createElement('summary');
    summary.append(Object.assign(document.createElement('code'), { textContent: `<${element.tagName}>` }));
    details.append(summary);
    if (element.description) details.append(Object.assign(document.createElement('p'), { textContent: element.description }));
    const sections = [
      table('Attributes', ['Name', 'Type', 'Default', 'Description'], (element.attributes ?? []).map((a) => [a.name, a.type?.text, a.default, a.description])),
      table('Events', ['Name', 'Type', 'Description'], (element.events ?? []).map((e) => [e.name, e.type?.text, e.description])),
      table('CSS parts', ['Name', 'Description'], (element.cssParts ?? []).map((p) => [p.name, p.description])),
      table('CSS properties', ['Name', 'Default', 'Description'], (element.cssProperties ?? []).map((p) => [p.name, p.default, p.description])),
      table('Slots', ['Name', 'Description'], (element.slots ?? []).map((s) => [s.name || '(default)', s.description])),
    ].filter((section): section is HTMLElement => section !== undefined);
    if (sections.length === 0) details.append(Object.assign(document.createElement('p'), { textContent: 'No attributes, events, parts or CSS properties.' }));
    details.append(...sections);
    container.append(details);
  }
}
