import { useId, useState } from 'react';
import { faq } from '../content.js';

/** FAQ accordion: items 00 to 06, one open at a time, the first open initially. */
export function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section className="section" aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="section__heading">{faq.heading}</h2>
      <div className="faq">
        {faq.items.map((item, index) => {
          const open = openIndex === index;
          const number = String(index).padStart(2, '0');
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div className={open ? 'faq__item faq__item--open' : 'faq__item'} key={item.question}>
              <h3 className="faq__question">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  <span className="faq__number">{number}</span>
                  <span className="faq__text">{item.question}</span>
                  <span className="faq__chevron" aria-hidden="true" />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className="faq__panel"
                style={{ maxHeight: open ? '1000px' : '0px' }}
                inert={!open}
                data-number={number}
              >
                <p className="faq__answer">{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
