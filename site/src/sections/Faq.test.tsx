import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Faq } from './Faq.js';

function questions() {
  return screen.getAllByRole('button');
}

function expanded() {
  return questions().map((button) => button.getAttribute('aria-expanded') === 'true');
}

describe('Faq', () => {
  it('has 7 items numbered 00 to 06, the first one open', () => {
    render(<Faq />);
    expect(questions()).toHaveLength(7);
    expect(questions().map((button) => button.textContent?.slice(0, 2))).toEqual(['00', '01', '02', '03', '04', '05', '06']);
    expect(expanded()).toEqual([true, false, false, false, false, false, false]);
  });

  it('keeps one item open at a time, its panel at a maximum height of 1000px', () => {
    render(<Faq />);
    fireEvent.click(questions()[3]);
    expect(expanded()).toEqual([false, false, false, true, false, false, false]);
    const panel = document.getElementById(questions()[3].getAttribute('aria-controls')!)!;
    expect(panel.style.maxHeight).toBe('1000px');
    const closed = document.getElementById(questions()[0].getAttribute('aria-controls')!)!;
    expect(closed.style.maxHeight).toBe('0px');
    fireEvent.click(questions()[3]);
    expect(expanded().every((open) => !open)).toBe(true);
  });

  it("covers the spec's topics, with delivery at the end of Q3 2025", () => {
    render(<Faq />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Q3 2025');
    expect(text).not.toContain('Q2 2025');
    for (const topic of ['delivered', 'What is Minibot M1', 'presale', 'earn tokens', 'do?', 'data', 'collaboration']) {
      expect(text).toContain(topic);
    }
  });
});
