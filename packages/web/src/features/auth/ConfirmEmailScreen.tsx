import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ConfirmEmailScreen() {
  return <PlaceholderScreen titleKey="route.confirm" />;
}
