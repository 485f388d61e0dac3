import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function CustomersScreen() {
  return <PlaceholderScreen titleKey="route.customers" />;
}
