import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SafeMarkdown } from './SafeMarkdown';
import { defaultUrlTransform } from 'react-markdown';

const HOSTILE = [
  'Here is the answer.',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '<script>alert(1)</script>',
  '',
  '<svg onload=alert(1)><circle r="4"/></svg>',
  '',
  '<a href="https://ok.example" onclick="alert(1)">inline html link</a>',
  '',
  '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html,<script>alert(1)</script>) [v](vbscript:msgbox(1)) [w](java&#x09;script:alert(1))',
  '',
  '![t](https://evil.example/p.png) ![d](data:image/png;base64,AAAA)',
  '',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  '',
  '<div style="background:url(https://evil.example/x)">styled</div>',
].join('\n');

function render(text: string, allowRemoteImages = false) {
  return renderWithProviders(<SafeMarkdown text={text} allowRemoteImages={allowRemoteImages} />);
}

/** Every attribute name of every element in a subtree. */
function attributeNames(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name.toLowerCase()));
}

describe('SafeMarkdown', () => {
  it('drops raw HTML: no script, svg, img, iframe or style element and no event-handler attribute', () => {
    // Mantine adds its own <style> beside the component: look inside the rendered message only.
    const container = render(HOSTILE).container.querySelector('.kc-markdown')!;
    expect(screen.getByText('Here is the answer.')).toBeInTheDocument();
    for (const tag of ['script', 'svg', 'img', 'iframe', 'style', 'circle'])
      expect(container.querySelector(tag), tag).toBeNull();
    expect(attributeNames(container).filter((n) => n.startsWith('on'))).toEqual([]);
    expect(container.querySelector('[style*="evil"]')).toBeNull();
    // The raw HTML is not shown as text either: it is skipped.
    expect(container.textContent).not.toContain('onerror');
    expect(container.textContent).not.toContain('<script>');
  });

  it('keeps only http(s), mailto and relative links; the others lose their href', () => {
    const { container } = render(
      `${HOSTILE}\n\n[ok](https://docs.example/a) [mail](mailto:a@b.example) [rel](/documents/1) [frag](#top)`,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://docs.example/a', 'mailto:a@b.example', '/documents/1', '#top']);
    for (const name of ['x', 'y', 'z', 'v', 'w']) {
      const text = screen.getByText(name);
      expect(text.closest('a')).toBeNull();
      expect(text).toHaveAttribute('data-link-removed');
    }
  });

  it('opens links in a new tab without opener or referrer', () => {
    render('[docs](https://docs.example/a)');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('does not load images unless remote images are allowed, and shows their alt text and URL instead', () => {
    const { container, unmount } = render('![chart](https://img.example/c.png)');
    expect(container.querySelector('img')).toBeNull();
    const blocked = container.querySelector('[data-image-blocked]');
    expect(blocked?.textContent).toContain('chart');
    expect(blocked?.textContent).toContain('https://img.example/c.png');
    unmount();
    const allowed = render(
      '![chart](https://img.example/c.png) ![bad](data:image/png;base64,AAAA) ![js](javascript:alert(1))',
      true,
    );
    const imgs = [...allowed.container.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['https://img.example/c.png']);
    expect(imgs[0]).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(allowed.container.querySelectorAll('[data-image-blocked]')).toHaveLength(2);
  });

  it('renders GFM tables and code blocks with a copy button', () => {
    const { container } = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```');
    expect(container.querySelector('table th')?.textContent).toBe('a');
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    expect(container.querySelector('pre code')?.textContent).toBe('const x = 1;\n');
    expect(screen.getByRole('button', { name: 'Copy: code' })).toBeInTheDocument();
  });

  it("demotes the message's headings below the page's one h1", () => {
    const { container } = render('# Title\n\n## Sub');
    expect(container.querySelector('h1')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Title' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Sub' }).tagName).toBe('H4');
  });

  it('prefixes ids from the message so they cannot clobber the page', () => {
    const { container } = render('Text[^1]\n\n[^1]: note');
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('user-content-'))).toBe(true);
  });
});

describe("links go through react-markdown's defaultUrlTransform", () => {
  it('drops every scheme but the safe ones, however it is spelled; keeps relative URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://x/1',
    ]) {
      expect(defaultUrlTransform(bad), JSON.stringify(bad)).toBe('');
    }
    for (const good of [
      'https://a.example/x?y=1#z',
      'http://a.example',
      'mailto:x@y.example',
      '/documents/1',
      'relative/path:with-colon',
      '#top',
      '?q=1',
    ]) {
      expect(defaultUrlTransform(good), good).toBe(good);
    }
  });
});
