import {
  isLandingPlatform as isPartnerKey,
  type LandingPlatform,
} from '@kaskita/domain/routing/partner-platforms';
/**
 * Every route of spec section 2: its full path, the name the guard and analytics know it by,
 * and an href builder (query values are encoded; empty ones dropped).
 */
export type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query?: Query | URLSearchParams | string): string {
  if (!query) return path;
  const params =
    typeof query === 'string'
      ? new URLSearchParams(query)
      : query instanceof URLSearchParams
        ? query
        : new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined && v !== null && v !== '')
              .map(([k, v]) => [k, String(v)]),
          );
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

function route<N extends string>(name: N, path: string) {
  return { name, path, href: (query?: Query | URLSearchParams | string) => withQuery(path, query) };
}

function paramRoute<N extends string, P extends string>(name: N, path: string, param: P) {
  return {
    name,
    path,
    href: (value: string, query?: Query | URLSearchParams | string) =>
      withQuery(path.replace(`:${param}`, encodeURIComponent(value)), query),
  };
}

/** The name each partner goes by on its page (the key is the URL's, not a brand). */
export const LANDING_PLATFORM_NAMES: Record<LandingPlatform, string> = {
  sepulsa: 'Sepulsa',
  indonetwork: 'Indonetwork',
  kitamapan: 'KitaMapan',
  doku: 'DOKU',
  'doku-wallet': 'DOKU Wallet',
  alana: 'Alana',
};

/** Partner keys allowed on /landing-page/:platform (the domain's list); any other key goes to /404. */
export const isLandingPlatform = (value: string | undefined): value is LandingPlatform => isPartnerKey(value);

export const paths = {
  root: route('root', '/'),
  index: route('index', '/index'),

  loginGroup: route('login-group', '/login'),
  login: route('login', '/login/main'),
  loginPasswd: route('LoginPasswd', '/login/passwd'),
  setPassword: route('set_password', '/login/set-password'),
  forgetPassword: route('forget_password', '/login/forget-password'),
  /** The partner (oppo) login. The spec names the route but not its path. */
  oppoAuthLogin: route('OppoAuthLogin', '/oppo/auth-login'),

  home: route('Home', '/home'),
  homeUnaudited: route('HomeUnaudited', '/home/unaudited'),
  homeAuditing: route('HomeAuditing', '/home/auditing'),
  homeIntoFail: route('HomeIntoFail', '/home/into-fail'),
  homeLoanProduct: route('HomeLoanProduct', '/home/loan-product'),
  homeNotProducts: route('HomeNotProducts', '/home/not-products'),
  homeNotRepayment: route('HomeNotRepayment', '/home/not-repayment'),
  homeStatusDefault: route('HomeStatusDefault', '/home/status-default'),
  homeBorrowingPlan: route('HomeBorrowingPlan', '/home/borrowing-plan'),
  homeWhatsapp: route('HomeWhatsapp', '/home/whatsapp'),
  homeLoaning: route('HomeLoaning', '/home/loaning'),
  homePayBack: route('HomePayBack', '/home/pay-back'),
  homePayBackDetail: route('HomePayBackDetail', '/home/pay-back-detail'),
  homePayBackMethods: route('HomePayBackMethods', '/home/pay-back-methods'),
  homeIframe: route('HomeIframe', '/home/iframe'),
  homeAddBank: route('HomeAddBank', '/home/add-bank'),
  /** Not in the spec: relief, more days to pay the unpaid bills (issue 27), linked from the bills. */
  homeRelief: route('HomeRelief', '/home/relief'),

  loan: route('Loan', '/loan'),
  loanOrder: route('LoanOrder', '/loan/loan-order'),
  loanSuccess: route('LoanSuccess', '/loan/loan-success'),

  bill: route('Bill', '/bill'),

  me: route('Me', '/me'),
  meRepaymentHistory: route('MeRepaymentHistory', '/me/repayment-history'),
  meLoanHistory: route('MeLoanHistory', '/me/loan-history'),
  meLoanDetail: paramRoute('MeLoanHistoryDetail', '/me/loan-detail/:status', 'status'),
  meLoanFailed: route('MeLoanHistroyFailed', '/me/loan-failed'),
  meLoanAwait: route('MeLoanHistoryAwait', '/me/loan-await'),
  /** Not in the spec: the signed loan agreement (`?order_id=`), linked from the loan detail and the disbursement SMS. */
  meLoanAgreement: route('MeLoanAgreement', '/me/loan-agreement'),
  meBankCard: route('MeBankCard', '/me/bank-card'),
  meBankCardAdd: paramRoute('MeBankCardAdd', '/me/bank-card-add/:sms', 'sms'),
  /** Help: questions, channels and complaints; `?category=` (and `&order_id=`) open the complaint form on a topic. */
  meHelp: route('MeHelp', '/me/help'),
  /** Not in the spec: one complaint with its history and answers (issue 27). */
  meComplaint: paramRoute('MeComplaint', '/me/help/complaints/:id', 'id'),
  /** Not in the spec: feedback (POST /v1/feedback) and the answers to it, from Me. */
  meFeedback: route('MeFeedback', '/me/feedback'),
  /** Not in the spec: the signed-in devices (account security, issue 27). */
  meDevices: route('MeDevices', '/me/devices'),
  /** Not in the spec: the borrower's personal-data rights (UU PDP 27/2022, issue 27). */
  meMyData: route('MeMyData', '/me/my-data'),
  meModifyPassword: route('MeModifyPassword', '/me/modify-password'),
  meSetPassword: route('MeSetPassword', '/me/set-password'),
  /** Not in the spec: set, change or reset the payment PIN outside a checkout (issue 26). */
  mePayPin: route('MePayPin', '/me/pay-pin'),

  userInto: route('UserInto', '/user-into'),
  userIntoKtp: route('UserIntoKtp', '/user-into/ktp'),
  userIntoPersonInfo: route('UserIntoPersonInfo', '/user-into/person-info'),
  userIntoJobInfo: route('UserIntoJobInfo', '/user-into/job-info'),
  userIntoWorkInfo: route('UserIntoWorkInfo', '/user-into/work-info'),
  userIntoContacts: route('UserIntoContacts', '/user-into/contacts'),

  userFace: route('UserFace', '/user-face'),
  userFaceOpen: paramRoute('UserFaceOpen', '/user-face/open/:status', 'status'),

  activityFlexibleRepayment: route('FlexibleRepayment', '/activity/flexible-repayment'),
  activityFlexibleRepaymentIntroduce: route(
    'FlexibleRepaymentIntroduce',
    '/activity/flexible-repayment-introduce',
  ),

  landing: route('landing-page', '/landing-page'),
  landingPlatform: paramRoute('landing-page-platform', '/landing-page/:platform', 'platform'),

  thirdPaySignIn: route('ThirdPaySignIn', '/third/pay/sign-in'),
  thirdPayOrder: route('ThirdPayOrder', '/third/pay/order'),
  thirdPaySetPasswd: route('ThirdPaySetPasswd', '/third/pay/set-passwd'),
  thirdPayNotAuth: route('ThirdPayNotAuth', '/third/pay/status/not-auth'),
  thirdDealFailed: route('ThirdDealFailed', '/third/deal-failed'),
  thirdDealSuccess: route('ThirdDealSuccess', '/third/deal-success'),
  thirdPayDownload: route('ThirdPayDownload', '/third/pay/download'),
  thirdReferral: route('ThirdReferral', '/third/referral'),
  thirdReferralLogin: route('ThirdReferralLogin', '/third/referral/login'),
  thirdReferralCode: route('ThirdReferralCode', '/third/referral/code'),

  /** The documents login asks the borrower to accept (open to everyone). */
  legalPrivacy: route('LegalPrivacy', '/legal/privacy'),
  legalTerms: route('LegalTerms', '/legal/terms'),

  discover: route('Discover', '/discover'),
  iframe: route('Iframe', '/iframe'),
  test: route('Test', '/test'),
  notFound: route('NotFound', '/404'),
} as const;

export type RouteName = (typeof paths)[keyof typeof paths]['name'];

/** The child segment under /home for a page chosen by homePageFor(). */
export function homeChildHref(page: string, query?: Query | URLSearchParams | string): string {
  return withQuery(`/home/${page}`, query);
}

/** The login query value naming where a sign-in continues: the path and query the guard stopped the visitor at. */
export const REDIRECT_PARAM = 'redirect';

/** The login query for a visitor stopped at a page: the page's own query, plus `redirect` back to the page. */
export function queryReturningTo(pathname: string, search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  const kept = query.toString();
  query.set(REDIRECT_PARAM, kept ? `${pathname}?${kept}` : pathname);
  return query;
}

/** `target` when it is a page of this app (a path, never another origin: not `//host` nor `/\\host`), else `fallback`. */
export const appPathOr = (target: string | null, fallback: string): string =>
  target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : fallback;

/**
 * Where a sign-in continues: the `redirect` of the login query when it is a page of this app (a path, never another
 * origin, and not a login page, which would loop), else home.
 */
export function afterLoginHref(query: URLSearchParams): string {
  const target = appPathOr(query.get(REDIRECT_PARAM), '');
  if (!target) return paths.home.path;
  const pathname = target.split(/[?#]/)[0]!;
  if (pathname === '/login' || pathname.startsWith('/login/') || pathname === paths.oppoAuthLogin.path)
    return paths.home.path;
  return target;
}

/**
 * The login page for a signed-out visitor (spec sections 2 and 4): OppoAuthLogin on the oppo channel, otherwise
 * the login route; the current query (with or without its '?') is kept.
 */
export function loginHref(channel: string | null, search: string | URLSearchParams): string {
  return (channel === 'oppo' ? paths.oppoAuthLogin : paths.login).href(search);
}
