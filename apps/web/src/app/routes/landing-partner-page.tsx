import { useParams } from 'react-router';
import { PartnerLandingView } from '../../features/landing/components/partner-landing-view.tsx';
import { downloadLinks, partnerLinks } from '../../config/env.ts';
import { isLandingPlatform } from '../../config/paths.ts';

/** The router's LandingPlatformGate has already sent unknown platforms to /404. */
export default function LandingPartnerPage() {
  const { platform = '' } = useParams();
  return (
    <PartnerLandingView
      platform={platform}
      applyHref={isLandingPlatform(platform) ? partnerLinks[platform] : downloadLinks.android}
    />
  );
}
