import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PartnerLandingView } from '../../features/landing/components/partner-landing-view.tsx';
import { useAppConfig } from '../../lib/app-config.ts';
import { isLandingPlatform, LANDING_PLATFORM_NAMES, paths } from '../../config/paths.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';

/** The router's LandingPlatformGate has already sent unknown platforms to /404. */
export default function LandingPartnerPage() {
  const { platform = '' } = useParams();
  const { data: config } = useAppConfig();
  const known = isLandingPlatform(platform);
  // The partner who sent the visitor (issue 26): the sign-in that registers them sends it as promote_platform.
  useEffect(() => {
    if (known) local.set(LOCAL_KEYS.promotePlatform, platform);
  }, [known, platform]);
  // The partner's own link from configuration; else the Android app's store page when one is published; else this web
  // app's sign-in, where applying starts (also before the configuration has arrived: a tap then still leads somewhere).
  const applyHref = config?.partner_links[platform] ?? config?.app_download_android ?? paths.login.href();
  return (
    <PartnerLandingView
      platform={platform}
      partnerName={known ? LANDING_PLATFORM_NAMES[platform] : platform}
      applyHref={applyHref}
    />
  );
}
