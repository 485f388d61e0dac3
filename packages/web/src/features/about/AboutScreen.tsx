import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function AboutScreen() {
  return <PlaceholderScreen titleKey="route.about" />;
}
