import { CURRENCY_MINOR_DIGITS, toMajor } from '@portal/contracts/money';
import { directionOf, type TLanguage } from '@portal/contracts/constants';
import type { TSandboxCheckout } from './sandbox-provider.ts';

export type TPageLanguage = TLanguage;

const TEXT = {
  en: {
    title: 'Sandbox payment',
    notice: 'Sandbox: no card is asked for and no money moves. Choose what the bank would answer.',
    amount: 'Amount',
    for: 'For',
    succeed: 'Pay (succeeds)',
    decline: 'Card declined',
    abandon: 'Cancel and go back',
    other: 'العربية',
    closedTitle: 'This payment page is closed',
    closed: 'A result was already sent for this payment.',
    back: 'Back to the portal',
    missingTitle: 'No such payment page',
    missing: 'The page has expired or the address is wrong. Start the payment again from the portal.',
    failedTitle: 'The portal did not take the result',
    failed: 'Nothing was recorded. Go back and choose again.',
  },
  ar: {
    title: 'دفع تجريبي',
    notice: 'بيئة تجريبية: لا تُطلب بطاقة ولا تُنقل أي أموال. اختر ما سيجيب به البنك.',
    amount: 'المبلغ',
    for: 'مقابل',
    succeed: 'ادفع (ينجح)',
    decline: 'رُفضت البطاقة',
    abandon: 'إلغاء والعودة',
    other: 'English',
    closedTitle: 'صفحة الدفع هذه مغلقة',
    closed: 'أُرسلت نتيجة هذه الدفعة من قبل.',
    back: 'العودة إلى البوابة',
    missingTitle: 'صفحة الدفع غير موجودة',
    missing: 'انتهت صلاحية الصفحة أو العنوان خاطئ. ابدأ الدفع من جديد من البوابة.',
    failedTitle: 'لم تستلم البوابة النتيجة',
    failed: 'لم يُسجَّل شيء. ارجع واختر مرة أخرى.',
  },
} as const;

/** The page's language: `?lng=` (its language switch) first, else the given one. */
export function pageLanguageOf(query: string | undefined, otherwise: TPageLanguage): TPageLanguage {
  return query === 'ar' || query === 'en' ? query : otherwise;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(lng: TPageLanguage, title: string, body: string, switchHref: string | null): string {
  const t = TEXT[lng];
  const other = lng === 'en' ? 'ar' : 'en';
  const switcher = switchHref
    ? `<p class="switch"><a href="${escapeHtml(switchHref)}" lang="${other}" hreflang="${other}">${t.other}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${lng}" dir="${directionOf(lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sandbox-pay/page.css">
</head>
<body>
<main>
${switcher}
${body}
</main>
</body>
</html>
`;
}

function formatAmount(amountMinor: number, currency: string, lng: TPageLanguage): string {
  const digits = CURRENCY_MINOR_DIGITS[currency] ?? 2;
  return new Intl.NumberFormat(lng === 'ar' ? 'ar-AE' : 'en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajor(amountMinor, currency));
}

/** The hosted page: the school, the amount and three plain forms (no script). */
export function checkoutPage(checkout: TSandboxCheckout, lng: TPageLanguage): string {
  const t = TEXT[lng];
  const school = lng === 'ar' ? checkout.merchant.nameAr : checkout.merchant.nameEn;
  const action = (choice: string) =>
    `/sandbox-pay/${encodeURIComponent(checkout.providerRef)}/${choice}?lng=${lng}`;
  const button = (choice: string, label: string) =>
    `<form method="post" action="${escapeHtml(action(choice))}"><button type="submit" class="${choice}">${label}</button></form>`;
  const body = `<p class="notice" role="note">${t.notice}</p>
<h1>${escapeHtml(school)}</h1>
<p class="subtitle">${t.title}</p>
<dl>
<div><dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatAmount(checkout.amountMinor, checkout.currency, lng))}</dd></div>
<div><dt>${t.for}</dt><dd>${escapeHtml(lng === 'ar' ? checkout.descriptionAr : checkout.description)}</dd></div>
</dl>
<div class="actions">
${button('succeed', t.succeed)}
${button('decline', t.decline)}
${button('abandon', t.abandon)}
</div>`;
  const switchHref = `/sandbox-pay/${encodeURIComponent(checkout.providerRef)}?lng=${lng === 'en' ? 'ar' : 'en'}`;
  return layout(lng, `${t.title} · ${school}`, body, switchHref);
}

/** A short page for a closed, unknown or failed checkout, with a way back when there is one. */
export function messagePage(
  lng: TPageLanguage,
  kind: 'closed' | 'missing' | 'failed',
  backHref: string | null,
): string {
  const t = TEXT[lng];
  const title = { closed: t.closedTitle, missing: t.missingTitle, failed: t.failedTitle }[kind];
  const back = backHref ? `<p><a class="back" href="${escapeHtml(backHref)}">${t.back}</a></p>` : '';
  return layout(lng, title, `<h1>${title}</h1>\n<p>${t[kind]}</p>\n${back}`, null);
}

/** The page's stylesheet (served from this origin: the CSP allows no inline style). */
export const PAGE_CSS = `:root{color-scheme:light dark;font-family:system-ui,"Noto Sans","Noto Sans Arabic",sans-serif;line-height:1.5}
body{margin:0;padding-inline:1rem;background:#f5f3ff;color:#1e1b4b}
main{max-inline-size:28rem;margin-block:3rem;margin-inline:auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 4px #0002}
@media (max-width:30rem){main{margin-block:1rem;padding:1.25rem}}
h1{font-size:1.5rem;margin-block:.5rem 0}
.subtitle{margin-block-start:0;color:#4c1d95}
.notice{background:#fef3c7;color:#78350f;padding:.75rem;border-radius:.5rem;font-size:.9rem}
dl div{display:flex;justify-content:space-between;gap:1rem;padding-block:.5rem;border-block-end:1px solid #ddd6fe}
dt{font-weight:600}dd{margin:0;text-align:end}
.amount{font-size:1.25rem;font-weight:700}
.actions{display:grid;gap:.75rem;margin-block-start:1.5rem}
button{inline-size:100%;font:inherit;font-weight:600;padding:.75rem;border-radius:.5rem;border:2px solid transparent;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #7c3aed;outline-offset:2px}
.succeed{background:#047857;color:#fff}.decline{background:#b91c1c;color:#fff}.abandon{background:transparent;color:inherit;border-color:currentColor}
.switch{text-align:end;margin:0}
a{color:#5b21b6}
@media (prefers-color-scheme:dark){body{background:#0f0a1e;color:#ede9fe}main{background:#1e1b2e;box-shadow:none}
.subtitle{color:#c4b5fd}.notice{background:#451a03;color:#fde68a}dl div{border-color:#4c1d95}a{color:#c4b5fd}}
`;
