/** The example calls of `POST /api/convert` the quickstart shows, in four languages. */
export const QUICKSTART_LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'node', label: 'Node' },
  { id: 'php', label: 'PHP' },
  { id: 'python', label: 'Python' },
] as const;
export type QuickstartLanguage = (typeof QUICKSTART_LANGUAGES)[number]['id'];

export const QUICKSTART_CONTENT = 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

export interface QuickstartInput {
  origin: string;
  key?: string;
  token?: string;
  /** With a saved affiliate id the example makes affiliate links; without one, clean links. */
  affiliateId?: string | null;
}

/** A single-quoted PHP literal (only `\` and `'` need escaping). */
function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function shellSingle(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

export function quickstartSnippet(lang: QuickstartLanguage, input: QuickstartInput): string {
  const url = `${input.origin}/api/convert`;
  const key = input.key ?? 'YOUR_API_KEY';
  const token = input.token ?? 'YOUR_API_TOKEN';
  const json = JSON.stringify({ mode: input.affiliateId ? 'affiliate' : 'link_goc', content: QUICKSTART_CONTENT });
  switch (lang) {
    case 'node':
      return [
        '// Node 18+ (fetch built in); save as convert.mjs and run: node convert.mjs',
        `const res = await fetch('${url}', {`,
        "  method: 'POST',",
        '  headers: {',
        "    'Content-Type': 'application/json',",
        `    'X-API-Key': '${key}',`,
        `    'X-API-Token': '${token}',`,
        '  },',
        `  body: JSON.stringify(${json}),`,
        '});',
        'const answer = await res.json();',
        'console.log(answer.ok ? answer.output : answer.error);',
      ].join('\n');
    case 'php':
      return [
        '<?php',
        `$ch = curl_init(${phpString(url)});`,
        'curl_setopt_array($ch, [',
        '    CURLOPT_POST => true,',
        '    CURLOPT_RETURNTRANSFER => true,',
        '    CURLOPT_HTTPHEADER => [',
        "        'Content-Type: application/json',",
        `        'X-API-Key: ${key}',`,
        `        'X-API-Token: ${token}',`,
        '    ],',
        `    CURLOPT_POSTFIELDS => ${phpString(json)},`,
        ']);',
        '$answer = json_decode(curl_exec($ch), true);',
        'curl_close($ch);',
        "echo $answer['ok'] ? $answer['output'] : $answer['error']['message'], PHP_EOL;",
      ].join('\n');
    case 'python':
      return [
        'import requests',
        '',
        'answer = requests.post(',
        `    "${url}",`,
        `    headers={"X-API-Key": "${key}", "X-API-Token": "${token}"},`,
        `    json=${json},`,
        '    timeout=30,',
        ').json()',
        'print(answer["output"] if answer["ok"] else answer["error"])',
      ].join('\n');
    default:
      return [
        `curl -s ${url} \\`,
        "  -H 'Content-Type: application/json' \\",
        `  -H 'X-API-Key: ${key}' \\`,
        `  -H 'X-API-Token: ${token}' \\`,
        `  -d ${shellSingle(json)}`,
      ].join('\n');
  }
}
