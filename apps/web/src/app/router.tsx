import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { env } from '../config/env.ts';
import { isLandingPlatform, paths } from '../config/paths.ts';
import { ROUTE_DATA } from './route-data.ts';
import { lazyPage } from '../lib/lazy-chunk.ts';
import HomeIndexPage from './routes/home-index-page.tsx';
import IndexEntryPage from './routes/index-entry-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { REDIRECT_HANDLE, type RouteHandle } from './route-handle.ts';

/**
 * The route table of spec section 2, rendered by <BrowserRouter> + useRoutes (app.tsx): the data router
 * (createBrowserRouter) would add ~17 kB gzip to every first paint, and history mode is all the spec asks for.
 * Every page is a lazy chunk, except /index and the /home index, which only redirect and are in the entry chunk
 * so that a first visit to / does not wait for three chunks one after another; `handle` stays static so the guard and the page title work before the chunk
 * arrives.
 */
const notFound = lazyPage(() => import('./routes/not-found-page.tsx'));
const landingPartner = lazyPage(() => import('./routes/landing-partner-page.tsx'));
const profilePages = () => import('./routes/profile-step-pages.tsx');
type ProfilePage = Exclude<keyof Awaited<ReturnType<typeof profilePages>>, 'default'>;
/** An onboarding page: all of them share one chunk (profile-step-pages.tsx). */
const profilePage = (page: ProfilePage) => lazyPage(() => profilePages().then((m) => ({ default: m[page] })));
/** The verification and decision pages (WhatsApp, face, auditing, into-fail, approved home): one chunk. */
const applicationPages = () => import('./routes/application-pages.tsx');
type ApplicationPage = Exclude<keyof Awaited<ReturnType<typeof applicationPages>>, 'default'>;
const applicationPage = (page: ApplicationPage) =>
  lazyPage(() => applicationPages().then((m) => ({ default: m[page] })));
/** Borrowing and disbursement (loan-product form, plan and agreement, success, loaning): one chunk. */
const loanPages = () => import('./routes/loan-pages.tsx');
type LoanPage = Exclude<keyof Awaited<ReturnType<typeof loanPages>>, 'default'>;
const loanPage = (page: LoanPage) => lazyPage(() => loanPages().then((m) => ({ default: m[page] })));
/** Bills, repayment, flexible repayment and the loan and repayment histories: one chunk. */
const repaymentPages = () => import('./routes/repayment-pages.tsx');
type RepaymentPage = Exclude<keyof Awaited<ReturnType<typeof repaymentPages>>, 'default'>;
/** A repayment page, found in its chunk by its route's name (which costs the entry chunk no second name). */
const repaymentPage = (
  path: string,
  route: { name: RepaymentPage },
  title: RouteHandle['title'],
  extra?: Partial<RouteHandle>,
): RouteObject => ({
  path,
  handle: h(route.name, title, extra),
  Component: lazyPage(() => repaymentPages().then((m) => ({ default: m[route.name] }))),
});
/** The Me pages of bank accounts (the list, adding a card): one chunk. */
const bankCardPages = () => import('./routes/bank-card-page.tsx');
type BankCardPage = Exclude<keyof Awaited<ReturnType<typeof bankCardPages>>, 'default'>;
const bankCardPage = (page: BankCardPage) =>
  lazyPage(() => bankCardPages().then((m) => ({ default: m[page] })));

/** Me > Help and one complaint's page: one chunk. */
const helpPages = () => import('./routes/me-help-pages.tsx');
type HelpPage = Exclude<keyof Awaited<ReturnType<typeof helpPages>>, 'default'>;
const helpPage = (page: HelpPage) => lazyPage(() => helpPages().then((m) => ({ default: m[page] })));

/** The pay-later checkout's pages after the order (sign-in, PIN, not-auth, deal-success, deal-failed): one chunk. */
const thirdPayPages = () => import('./routes/third-pay-pages.tsx');
type ThirdPayPage = Exclude<keyof Awaited<ReturnType<typeof thirdPayPages>>, 'default'>;
const thirdPayPage = (path: string, page: ThirdPayPage, handle: RouteHandle): RouteObject => ({
  path,
  handle,
  Component: lazyPage(() => thirdPayPages().then((m) => ({ default: m[page] }))),
});

/** Pages few borrowers open (the home's rarer states, /discover, the test tools): one chunk. */
const rarePages = () => import('./routes/rare-pages.tsx');
type RarePage = Exclude<keyof Awaited<ReturnType<typeof rarePages>>, 'default'>;
const rarePage = (path: string, page: RarePage, handle: RouteHandle): RouteObject => ({
  path,
  handle,
  Component: lazyPage(() => rarePages().then((m) => ({ default: m[page] }))),
});

/** Redirect keeping the query (e.g. /login -> /index?cl=...). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={to + search} replace />;
}
const redirectKeepingQuery = (to: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <RedirectKeepingQuery to={to} />,
  handle: REDIRECT_HANDLE,
});

/** Spec section 2: only the known partner keys; anything else is a 404. */
function LandingPlatformGate() {
  const { platform } = useParams();
  const Page = landingPartner;
  return isLandingPlatform(platform) ? <Page /> : <Navigate to={paths.notFound.path} replace />;
}

const h = (name: string, title: RouteHandle['title'], extra: Partial<RouteHandle> = {}): RouteHandle => ({
  name,
  title,
  ...extra,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, ...redirectKeepingQuery(paths.index.path) },
      {
        path: 'index',
        handle: h(paths.index.name, 'title.index', { auth: true }),
        Component: IndexEntryPage,
      },
      {
        path: 'login',
        children: [
          { index: true, ...redirectKeepingQuery(paths.index.path) },
          {
            path: 'main',
            handle: h(paths.login.name, 'title.login'),
            Component: lazyPage(() => {
              // The page's form is a chunk of its own (login-page.tsx): both are fetched at once, not one after the
              // other. A failure is the page's to report, when it renders the form.
              import('../features/auth/components/sms-login-form.tsx').catch(() => undefined);
              return import('./routes/login-page.tsx');
            }),
          },
          {
            path: 'passwd',
            handle: h(paths.loginPasswd.name, 'title.loginPasswd', { auth: true }),
            Component: lazyPage(() => import('./routes/login-passwd-page.tsx')),
          },
          {
            path: 'set-password',
            handle: h(paths.setPassword.name, 'title.setPassword'),
            Component: lazyPage(() =>
              import('./routes/reset-password-page.tsx').then((m) => ({ default: m.SetPasswordPage })),
            ),
          },
          {
            path: 'forget-password',
            handle: h(paths.forgetPassword.name, 'title.forgetPassword', { auth: true }),
            Component: lazyPage(() =>
              import('./routes/reset-password-page.tsx').then((m) => ({ default: m.ForgetPasswordPage })),
            ),
          },
        ],
      },
      // The partner login: a login page, so open without a token (otherwise the guard would loop on it).
      {
        path: 'oppo/auth-login',
        handle: h(paths.oppoAuthLogin.name, 'title.oppoAuthLogin', { auth: true }),
        Component: lazyPage(() => import('./routes/oppo-auth-login-page.tsx')),
      },
      {
        path: 'home',
        handle: h(paths.home.name, 'title.home', { auth: true }),
        children: [
          {
            // The home frame (logo, licence banner, store links) around home and the states it routes to.
            Component: lazyPage(() => import('./routes/home-shell-route.tsx')),
            children: [
              {
                index: true,
                handle: h(paths.home.name, 'title.home', { auth: true }),
                Component: HomeIndexPage,
              },
              {
                path: 'unaudited',
                handle: h(paths.homeUnaudited.name, 'title.unaudited'),
                Component: lazyPage(() => import('./routes/home-unaudited-page.tsx')),
              },
              {
                path: 'auditing',
                handle: h(paths.homeAuditing.name, 'title.auditing'),
                Component: applicationPage('AuditingPage'),
              },
              {
                path: 'into-fail',
                handle: h(paths.homeIntoFail.name, 'title.intoFail'),
                Component: applicationPage('IntoFailPage'),
              },
              {
                path: 'loan-product',
                handle: h(paths.homeLoanProduct.name, 'title.loanProduct', { data: ROUTE_DATA.loanProducts }),
                Component: loanPage('LoanProductPage'),
              },
              rarePage('not-products', 'NotProductsPage', h(paths.homeNotProducts.name, 'title.notProducts')),
              rarePage(
                'not-repayment',
                'NotRepaymentPage',
                h(paths.homeNotRepayment.name, 'title.notRepayment'),
              ),
              rarePage(
                'status-default',
                'StatusDefaultPage',
                h(paths.homeStatusDefault.name, 'title.statusDefault'),
              ),
              {
                path: 'borrowing-plan',
                handle: h(paths.homeBorrowingPlan.name, 'title.borrowingPlan', {
                  titleFromQuery: true,
                  data: ROUTE_DATA.loanPlan,
                }),
                Component: loanPage('BorrowingPlanPage'),
              },
              {
                path: 'loaning',
                handle: h(paths.homeLoaning.name, 'title.loaning'),
                Component: loanPage('LoaningPage'),
              },
              repaymentPage('pay-back', paths.homePayBack, 'title.payBack', { data: ROUTE_DATA.bills }),
              {
                path: 'iframe',
                handle: h(paths.homeIframe.name, 'title.iframe', { titleFromQuery: true }),
                Component: lazyPage(() => import('./routes/iframe-page.tsx')),
              },
            ],
          },
          // Steps and tasks opened from home, framed as the profile steps are (the route's top bar and the page), not
          // inside the home frame.
          {
            path: 'whatsapp',
            handle: h(paths.homeWhatsapp.name, 'title.whatsapp'),
            Component: applicationPage('WhatsappPage'),
          },
          {
            path: 'add-bank',
            handle: h(paths.homeAddBank.name, 'title.addBank'),
            Component: profilePage('AddBankPage'),
          },
          repaymentPage('pay-back-detail', paths.homePayBackDetail, 'title.payBackDetail'),
          repaymentPage('pay-back-methods', paths.homePayBackMethods, 'title.payBackMethods'),
          {
            // Relief (issue 27): asked for from the bills; a chunk of its own, which few borrowers open.
            path: 'relief',
            handle: h(paths.homeRelief.name, 'title.relief'),
            Component: lazyPage(() => import('./routes/relief-page.tsx')),
          },
        ],
      },
      {
        path: 'loan',
        children: [
          { index: true, ...redirectKeepingQuery(paths.loanOrder.path) },
          // The order form is the loan-product page of the home (amount, tenor, purpose): loan-order leads there.
          { path: 'loan-order', ...redirectKeepingQuery(paths.homeLoanProduct.path) },
          {
            path: 'loan-success',
            handle: h(paths.loanSuccess.name, 'title.loanSuccess'),
            Component: loanPage('LoanSuccessPage'),
          },
        ],
      },
      repaymentPage('bill', paths.bill, 'title.bill', { data: ROUTE_DATA.bills }),
      {
        path: 'me',
        children: [
          {
            index: true,
            handle: h(paths.me.name, 'title.me'),
            Component: lazyPage(() => import('./routes/me-page.tsx')),
          },
          repaymentPage('repayment-history', paths.meRepaymentHistory, 'title.repaymentHistory'),
          repaymentPage('loan-history', paths.meLoanHistory, 'title.loanHistory'),
          repaymentPage('loan-detail/:status', paths.meLoanDetail, 'title.loanDetail'),
          repaymentPage('loan-failed', paths.meLoanFailed, 'title.loanFailed'),
          repaymentPage('loan-await', paths.meLoanAwait, 'title.loanAwait', { titleFromQuery: true }),
          {
            path: 'loan-agreement',
            handle: h(paths.meLoanAgreement.name, 'title.loanAgreement'),
            Component: loanPage('SignedAgreementPage'),
          },
          {
            path: 'bank-card',
            handle: h(paths.meBankCard.name, 'title.bankCard'),
            Component: bankCardPage('BankCardPage'),
          },
          {
            // The page sends any :sms but 1 to /me/bank-card-add/1 itself (no redirect code in the entry chunk).
            path: 'bank-card-add/:sms',
            handle: h(paths.meBankCardAdd.name, 'title.bankCardAdd'),
            Component: bankCardPage('BankCardAddPage'),
          },
          {
            path: 'devices',
            handle: h(paths.meDevices.name, 'title.devices'),
            Component: lazyPage(() => import('./routes/me-devices-page.tsx')),
          },
          {
            // Me > My data (h/rights): the copy of the data, consents, corrections, deleting the account.
            path: 'my-data',
            handle: h(paths.meMyData.name, 'title.myData'),
            Component: lazyPage(() => import('./routes/me-my-data-page.tsx')),
          },
          {
            // Help (issue 27): open to visitors too, since a borrower who cannot sign in (a blocked account) needs the
            // channels most; the complaint form and the cases ask for a session.
            path: 'help',
            handle: h(paths.meHelp.name, 'title.help', { auth: true }),
            Component: helpPage('MeHelpPage'),
          },
          {
            path: 'help/complaints/:id',
            handle: h(paths.meComplaint.name, 'title.complaint'),
            Component: helpPage('MeComplaintPage'),
          },
          {
            path: 'feedback',
            handle: h(paths.meFeedback.name, 'title.feedback'),
            Component: lazyPage(() => import('./routes/me-feedback-page.tsx')),
          },
          {
            path: 'modify-password',
            handle: h(paths.meModifyPassword.name, 'title.modifyPassword'),
            Component: lazyPage(() =>
              import('./routes/me-password-page.tsx').then((m) => ({ default: m.MeModifyPasswordPage })),
            ),
          },
          {
            path: 'pay-pin',
            handle: h(paths.mePayPin.name, 'title.mePayPin'),
            Component: lazyPage(() => import('./routes/me-pay-pin-page.tsx')),
          },
          {
            path: 'set-password',
            handle: h(paths.meSetPassword.name, 'title.meSetPassword'),
            Component: lazyPage(() =>
              import('./routes/me-password-page.tsx').then((m) => ({ default: m.MeSetPasswordPage })),
            ),
          },
        ],
      },
      {
        // Onboarding (spec: /user-into ... ktp, person-info, job-info, work-info, contacts): no auth flag, so the
        // guard sends a visitor without a session to login and back here. The index resumes at the next step.
        path: 'user-into',
        children: [
          {
            index: true,
            handle: h(paths.userInto.name, 'title.userInto'),
            Component: profilePage('UserIntoPage'),
          },
          {
            path: 'ktp',
            handle: h(paths.userIntoKtp.name, 'title.ktp'),
            Component: profilePage('KtpPage'),
          },
          {
            path: 'person-info',
            handle: h(paths.userIntoPersonInfo.name, 'title.personInfo'),
            Component: profilePage('PersonInfoPage'),
          },
          {
            path: 'job-info',
            handle: h(paths.userIntoJobInfo.name, 'title.jobInfo'),
            Component: profilePage('JobInfoPage'),
          },
          {
            path: 'work-info',
            handle: h(paths.userIntoWorkInfo.name, 'title.workInfo'),
            Component: profilePage('WorkInfoPage'),
          },
          {
            path: 'contacts',
            handle: h(paths.userIntoContacts.name, 'title.contacts'),
            Component: profilePage('ContactsPage'),
          },
        ],
      },
      {
        path: 'user-face',
        children: [
          { index: true, ...redirectKeepingQuery(paths.userFaceOpen.href('init')) },
          {
            path: 'open/init',
            handle: h(paths.userFaceOpen.name, 'title.faceInit'),
            Component: applicationPage('FaceInitPage'),
          },
          {
            path: 'open/:status',
            handle: h(paths.userFaceOpen.name, 'title.faceInit'),
            Component: applicationPage('FaceResultPage'),
          },
        ],
      },
      {
        path: 'activity',
        children: [
          repaymentPage('flexible-repayment', paths.activityFlexibleRepayment, 'title.flexibleRepayment'),
          repaymentPage(
            'flexible-repayment-introduce',
            paths.activityFlexibleRepaymentIntroduce,
            'title.flexibleRepaymentIntroduce',
          ),
        ],
      },
      {
        path: 'landing-page',
        children: [
          {
            index: true,
            handle: h(paths.landing.name, 'title.landing'),
            Component: lazyPage(() => import('./routes/landing-page.tsx')),
          },
          {
            path: ':platform',
            handle: h(paths.landingPlatform.name, 'title.landingPartner'),
            Component: LandingPlatformGate,
          },
        ],
      },
      {
        path: 'third',
        children: [
          // The sign-in, the order (the free-interest offer for visitors) and the download page are open signed out;
          // the others need a session, and a visitor is sent to the checkout's own sign-in with the query.
          thirdPayPage(
            'pay/sign-in',
            'ThirdPaySignInPage',
            h(paths.thirdPaySignIn.name, 'title.paySignIn', { auth: true }),
          ),
          {
            path: 'pay/order',
            handle: h(paths.thirdPayOrder.name, 'title.payOrder', { auth: true }),
            Component: lazyPage(() => import('./routes/third-pay-order-page.tsx')),
          },
          thirdPayPage(
            'pay/set-passwd',
            'ThirdPaySetPasswdPage',
            h(paths.thirdPaySetPasswd.name, 'title.paySetPasswd', { commerce: true }),
          ),
          thirdPayPage(
            'pay/status/not-auth',
            'ThirdPayNotAuthPage',
            h(paths.thirdPayNotAuth.name, 'title.payNotAuth', { commerce: true }),
          ),
          thirdPayPage(
            'deal-failed',
            'ThirdDealFailedPage',
            h(paths.thirdDealFailed.name, 'title.dealFailed', { commerce: true }),
          ),
          thirdPayPage(
            'deal-success',
            'ThirdDealSuccessPage',
            h(paths.thirdDealSuccess.name, 'title.dealSuccess', { commerce: true }),
          ),
          {
            path: 'pay/download',
            handle: h(paths.thirdPayDownload.name, 'title.payDownload', { auth: true }),
            Component: lazyPage(() => import('./routes/third-pay-download-page.tsx')),
          },
          {
            path: 'referral',
            children: [
              { index: true, ...redirectKeepingQuery(paths.thirdReferralLogin.path) },
              {
                path: 'login',
                handle: h(paths.thirdReferralLogin.name, 'title.referralLogin', { auth: true }),
                Component: lazyPage(() =>
                  import('./routes/referral-pages.tsx').then((m) => ({ default: m.ThirdReferralLoginPage })),
                ),
              },
              {
                path: 'code',
                handle: h(paths.thirdReferralCode.name, 'title.referralCode'),
                Component: lazyPage(() =>
                  import('./routes/referral-pages.tsx').then((m) => ({ default: m.ThirdReferralCodePage })),
                ),
              },
            ],
          },
        ],
      },
      {
        path: 'legal',
        children: [
          {
            path: 'privacy',
            handle: h(paths.legalPrivacy.name, 'title.privacy', { auth: true }),
            Component: lazyPage(() =>
              import('./routes/legal-page.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
            ),
          },
          {
            path: 'terms',
            handle: h(paths.legalTerms.name, 'title.terms', { auth: true }),
            Component: lazyPage(() =>
              import('./routes/legal-page.tsx').then((m) => ({ default: m.TermsOfUsePage })),
            ),
          },
        ],
      },
      rarePage('discover', 'DiscoverPage', h(paths.discover.name, 'title.discover')),
      {
        path: 'iframe',
        handle: h(paths.iframe.name, 'title.iframe', { auth: true, titleFromQuery: true }),
        Component: lazyPage(() => import('./routes/iframe-page.tsx')),
      },
      // Spec section 6: test routes exist only outside the online (production) environment.
      ...(env.online
        ? []
        : [rarePage('test/*', 'TestToolsPage', h(paths.test.name, 'title.test', { auth: true }))]),
      { path: '404', handle: h(paths.notFound.name, 'title.notFound', { auth: true }), Component: notFound },
      { path: '*', handle: h(paths.notFound.name, 'title.notFound', { auth: true }), Component: notFound },
    ],
  },
];
