import unhomoglyph from 'unhomoglyph';

/**
 * What a name label may be, beyond its alphabet: never an address, one script, nothing invisible, nothing that looks
 * like another name. The rules of Unicode UTS #39 (security mechanisms) that a name service needs:
 * - confusables: the skeleton of UTS #39 section 4 is NFD, the confusables.txt mapping, NFD again. The mapping comes
 *   from the npm package `unhomoglyph` (nodeca), which ships confusables.txt (Unicode 13) as its `data.json` and
 *   applies it; the two NFD steps are ours.
 * - scripts: the "Highly Restrictive" level of UTS #39 section 5.2, from each character's Script_Extensions as the
 *   JavaScript engine's Unicode tables give them (`\p{Script_Extensions=…}`): one script, or Latin with Han and
 *   Hiragana/Katakana (Japanese), with Han and Bopomofo (Chinese), or with Han and Hangul (Korean).
 * - invisible: Default_Ignorable_Code_Point (zero-width joiners and spaces, variation selectors, fillers) is refused
 *   wherever it stands.
 */

/** Why a label cannot be a name; each has a short sentence in {@link refusalReason}. */
export type LabelRefusal =
  | { kind: 'address' }
  | { kind: 'invisible' }
  | { kind: 'mixedScripts'; scripts: string[] }
  | { kind: 'unknownScript' }
  | { kind: 'confusable' }
  | { kind: 'looksLike'; name: string };

/** Scripts by their Unicode long names (the values JavaScript's `\p{Script_Extensions=…}` takes). */
const SCRIPT_NAMES = `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki
Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Coptic
Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic
Ethiopic Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Han Hangul Hanifi_Rohingya Hanunoo Hatran
Hebrew Hiragana Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li
Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani
Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive
Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu
Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian
Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician
Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo
Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan
Tifinagh Tirhuta Toto Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square`.split(/\s+/);

const SCRIPTS = SCRIPT_NAMES.map((name) => ({ name, test: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u') }));
/** Characters that belong to every script (digits, the hyphen, combining marks): UTS #39 leaves them out. */
const ANY_SCRIPT = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** UTS #39 section 5.1: the writing systems that mix scripts by nature count as one. */
const AUGMENTED: Record<string, string[]> = { Han: ['Japanese', 'Korean', 'Chinese'], Hiragana: ['Japanese'], Katakana: ['Japanese'], Hangul: ['Korean'], Bopomofo: ['Chinese'] };
const CJK = ['Japanese', 'Korean', 'Chinese'];

/**
 * The UTS #39 skeleton: two strings that look alike have the same skeleton. Not for display (`m` becomes `rn`).
 * @example skeleton('раураl') === skeleton('paypal') // true: Cyrillic р, а, у
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** Skeletons of `0`..`9`, `a`..`f` and of `0x`: a label is tested for looking like an address on its skeleton. */
const HEX = `[${[...'0123456789abcdef'].map(skeleton).join('')}]`;
const LOOKS_LIKE_ADDRESS = new RegExp(`^(?:${skeleton('0x')}${HEX}|${HEX}{40})`);

function scriptsOf(char: string): string[] | 'any' {
  if (ANY_SCRIPT.test(char)) return 'any';
  const scripts = SCRIPTS.filter((script) => script.test.test(char)).map((script) => script.name);
  return [...scripts, ...scripts.flatMap((script) => AUGMENTED[script] ?? [])];
}

const intersect = (a: string[] | undefined, b: string[]) => (a === undefined ? b : a.filter((script) => b.includes(script)));

/** Highly Restrictive: the scripts that mix, or undefined when the label is one script (or Latin with one CJK system). */
function mixedScripts(label: string): string[] | 'unknown' | undefined {
  let all: string[] | undefined;
  let withoutLatin: string[] | undefined;
  const seen = new Set<string>();
  for (const char of label) {
    const scripts = scriptsOf(char);
    if (scripts === 'any') continue;
    if (scripts.length === 0) return 'unknown';
    seen.add(scripts[0]);
    all = intersect(all, scripts);
    if (!scripts.includes('Latin')) withoutLatin = intersect(withoutLatin, scripts);
  }
  if (all === undefined || all.length > 0) return undefined;
  if (withoutLatin !== undefined && withoutLatin.some((script) => CJK.includes(script))) return undefined;
  return [...seen];
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * The rules a label meets by itself (no other name needed): not an address nor starting like one (also through
 * confusable characters), nothing invisible, one script, and a label outside ASCII must not look like an ASCII one.
 * `label` is lower case (NFC), without its zone.
 * @example labelRefusal('0x488b2c') // { kind: 'address' }
 */
export function labelRefusal(label: string): LabelRefusal | undefined {
  if (INVISIBLE.test(label)) return { kind: 'invisible' };
  if (LOOKS_LIKE_ADDRESS.test(label) || LOOKS_LIKE_ADDRESS.test(skeleton(label))) return { kind: 'address' };
  const mixed = mixedScripts(label);
  if (mixed === 'unknown') return { kind: 'unknownScript' };
  if (mixed) return { kind: 'mixedScripts', scripts: mixed };
  // Compatibility forms (fullwidth letters, ligatures) and any non-ASCII label whose skeleton is ASCII look like an
  // ASCII name, which is another name than this one.
  if (label.normalize('NFKC') !== label || (!isAscii(label) && isAscii(skeleton(label)))) return { kind: 'confusable' };
  return undefined;
}

/** The reason after 'Error registering name {name}: '. */
export function refusalReason(refusal: LabelRefusal): string {
  switch (refusal.kind) {
    case 'address':
      return 'a name may not look like an address';
    case 'invisible':
      return 'it holds an invisible character';
    case 'mixedScripts':
      return `it mixes scripts (${refusal.scripts.map((script) => script.replace(/_/g, ' ')).join(', ')})`;
    case 'unknownScript':
      return 'it holds a character of no known script';
    case 'confusable':
      return 'it holds characters that look like other letters';
    case 'looksLike':
      return `it looks like the registered name ${refusal.name}`;
  }
}
