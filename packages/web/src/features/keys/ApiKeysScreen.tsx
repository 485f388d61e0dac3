import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ApiKeysScreen() {
  return <PlaceholderScreen titleKey="route.keys" />;
}
