import { appConfig } from '../../config/app-config.ts';
import { providerScripts } from '../../config/paths.ts';
import { loadScript } from '../../lib/load-script.ts';

/** The part of Google Identity Services the portal uses. */
export interface TGoogleSdk {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        context?: 'signin' | 'signup' | 'use';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
          shape?: 'rectangular' | 'pill' | 'circle' | 'square';
          logo_alignment?: 'left' | 'center';
          width?: number;
          locale?: string;
        },
      ): void;
    };
  };
}

/** The part of the Facebook JavaScript SDK the portal uses. */
export interface TFacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { status: string; authResponse?: { accessToken: string } | null }) => void,
    options?: { scope: string },
  ): void;
}

declare global {
  interface Window {
    google?: TGoogleSdk;
    FB?: TFacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/** Google Identity Services, loaded on first use (already present: used as it is). */
export async function loadGoogle(): Promise<TGoogleSdk> {
  if (!window.google?.accounts?.id) await loadScript(providerScripts.google);
  const sdk = window.google;
  if (!sdk?.accounts?.id) throw new Error('Google Identity Services did not load');
  return sdk;
}

/** The Facebook SDK, loaded on first use and initialised with the school's app id. */
export function loadFacebook(appId: string): Promise<TFacebookSdk> {
  const init = (sdk: TFacebookSdk) => {
    sdk.init({ appId, version: appConfig.facebookApiVersion, cookie: false, xfbml: false });
    return sdk;
  };
  if (window.FB) return Promise.resolve(init(window.FB));
  return new Promise((resolve, reject) => {
    // The SDK calls this once it has run.
    window.fbAsyncInit = () => {
      if (window.FB) resolve(init(window.FB));
      else reject(new Error('The Facebook SDK did not load'));
    };
    loadScript(providerScripts.facebook).catch(reject);
  });
}
