import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '@/app/error-page';

interface Props {
  children: ReactNode;
}

/**
 * Catches render errors below it and shows the error page instead of a blank screen.
 * Give it `key={pathname}` so that navigating elsewhere starts over without the error.
 */
export class ErrorBoundary extends Component<Props, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
