import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ReportsScreen() {
  return <PlaceholderScreen titleKey="route.reports" />;
}
