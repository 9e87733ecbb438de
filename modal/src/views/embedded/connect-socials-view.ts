import { html } from 'lit';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../controllers/embedded/social-providers.js';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedView } from './embedded-view.js';
import '../../ui/list-item/list-item.js';
import '../../ui/social-mark/social-mark.js';

const names: Record<SocialProvider, string> = {
  google: 'Google', x: 'X', discord: 'Discord', farcaster: 'Farcaster', github: 'GitHub', apple: 'Apple', facebook: 'Facebook',
};

/** The display name of a social provider. */
export const socialName = (provider: string | undefined) => names[provider as SocialProvider] ?? provider ?? '';

/**
 * ConnectSocials: the seven social logins, each with its mark. A click opens the provider's window at once (so the browser allows
 * it); Farcaster shows its QR code instead.
 *
 * @tag mb-connect-socials-view
 */
export class MbConnectSocialsView extends MbEmbeddedView {
  override render() {
    return html`<ul aria-label=${this.localize.texts.orSocial}>
        ${SOCIAL_PROVIDERS.map(
          (provider) =>
            html`<li>
              <mb-list-item label=${this.localize.texts.socialWith(names[provider])} chevron @click=${() => this.pick(provider)}>
                <mb-social-mark slot="image" provider=${provider}></mb-social-mark>
              </mb-list-item>
            </li>`,
        )}
      </ul>
      ${this.errorLine()}`;
  }

  private pick(provider: SocialProvider) {
    if (provider === 'farcaster') {
      this.controllers.router.push('ConnectingFarcaster');
      return;
    }
    startSocialLogin(this, provider, this.localize.texts.socialPopupBlocked);
  }
}

/** Opens the provider's window (in the click's handler, so the browser allows it) and starts its login. */
export function startSocialLogin(view: MbEmbeddedView, provider: SocialProvider, popupBlockedText: string): void {
  const popup = window.open('', 'minibot-social', 'popup,width=480,height=640');
  if (!popup) {
    view.controllers.toasts.show('error', popupBlockedText);
    return;
  }
  void view.embeddedController.connectSocial(provider, {
    navigate: (url) => popup.location.replace(url),
    close: () => popup.close(),
    isClosed: () => popup.closed,
  });
}

defineElement('mb-connect-socials-view', MbConnectSocialsView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connect-socials-view': MbConnectSocialsView;
  }
}
