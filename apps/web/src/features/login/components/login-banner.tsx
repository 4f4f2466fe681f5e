import { Carousel } from '@arco-design/web-react';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { WaterIllustration } from './water-illustration.tsx';

const slides = [
  { title: 'login.banner.1.title', sub: 'login.banner.1.sub' },
  { title: 'login.banner.2.title', sub: 'login.banner.2.sub' },
  { title: 'login.banner.3.title', sub: 'login.banner.3.sub' },
] as const;

/** Rotating slogans of the sign-in screen (spec §1), in the console's language. */
export function LoginBanner() {
  const { t } = useI18n();
  return (
    <section className="login-banner" aria-label={t('login.banner.label')}>
      <Carousel
        className="login-banner__carousel"
        autoPlay={{ interval: 4000, hoverToPause: true }}
        indicatorType="line"
        showArrow="never"
        animation="fade"
      >
        {slides.map((slide) => (
          <div key={slide.title} className="login-banner__slide">
            <div className="login-banner__slogan">{t(slide.title)}</div>
            <div className="login-banner__sub">{t(slide.sub)}</div>
            <WaterIllustration />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
