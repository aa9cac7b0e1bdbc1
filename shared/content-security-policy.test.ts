import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicyOf,
  metaContentSecurityPolicyOf,
  VOICE_DETECTION_CONTENT_SECURITY_POLICY,
} from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('content security policy', () => {
  it('allows only the app itself: no inline or eval script, no plugins, no framing, no form posts', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*/);
    // No worker-src, no blob: scripts: the detector runs on one thread in the page (docs/audio.md).
    expect([...policy.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'media-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
  });
});

describe('SEC-7: WebAssembly only on the page that runs voice detection', () => {
  it("the main window's page (live captions' detector) may compile WebAssembly, and that is its one difference", () => {
    expect(contentSecurityPolicyOf('index.html')).toBe(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
    const policy = directives(VOICE_DETECTION_CONTENT_SECURITY_POLICY);
    // No JavaScript eval: only the compilation of WebAssembly.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(VOICE_DETECTION_CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", '')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('the quick-ask window, the microphone indicator and every other file may not', () => {
    for (const file of ['quick-ask.html', 'indicator.html', 'assets/index-abc.js', 'vad/ort-wasm-simd-threaded.wasm', '']) {
      expect(contentSecurityPolicyOf(file), file).toBe(CONTENT_SECURITY_POLICY);
      expect(contentSecurityPolicyOf(file), file).not.toContain('wasm-unsafe-eval');
    }
  });

  it("each page's meta tag carries its own policy, less frame-ancestors, which only the header can carry", () => {
    expect(metaContentSecurityPolicyOf('index.html')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    for (const page of ['quick-ask.html', 'indicator.html']) {
      expect(directives(metaContentSecurityPolicyOf(page)).get('script-src'), page).toEqual(["'self'"]);
    }
    for (const page of ['index.html', 'quick-ask.html', 'indicator.html']) {
      const meta = directives(metaContentSecurityPolicyOf(page));
      const header = directives(contentSecurityPolicyOf(page));
      header.delete('frame-ancestors');
      expect(meta, page).toEqual(header);
    }
  });
});
