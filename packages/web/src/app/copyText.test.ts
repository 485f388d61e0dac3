import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copyText';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  if (original === undefined) Reflect.deleteProperty(navigator, 'clipboard');
  else Object.defineProperty(navigator, 'clipboard', original);
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await copyText('{"id":"a"}');
    expect(writeText).toHaveBeenCalledWith('{"id":"a"}');
  });

  it('copies a selected text area on a plain-http page, and leaves focus and the page as they were', async () => {
    Reflect.deleteProperty(navigator, 'clipboard');
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      const area = document.activeElement;
      if (command === 'copy' && area instanceof HTMLTextAreaElement) copied.push(area.value);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await copyText('{"id":"b"}');
    expect(copied).toEqual(['{"id":"b"}']);
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('fails when the browser will not copy', async () => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(copyText('x')).rejects.toThrow('the browser refused to copy');
  });
});
