import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function SettingsScreen() {
  return <PlaceholderScreen titleKey="route.settings" />;
}
