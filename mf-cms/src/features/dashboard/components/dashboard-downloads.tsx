import { useDownload } from '@especifica/mf-shared/kit';
import { ExportButton } from '@especifica/mf-shared/list';
import { Box, Heading, HStack, SimpleGrid, Text, useTranslation } from '@especifica/mf-shared/ui';
import { dashboardExportUrl } from '../api/get-cms-dashboard';

const downloads = ['dashboard', 'specifications', 'users-with-social-media'] as const;

/** The dashboard's data as files: the months of the charts, every specification, the professionals' social networks. */
export function DashboardDownloads() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cms-downloads">
      <Heading as="h2" id="cms-downloads" fontSize="lg" mb="4">
        {t('cmsDashboard.downloadsTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {downloads.map((key) => (
          <Download key={key} report={key} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function Download({ report }: { report: (typeof downloads)[number] }) {
  const { t } = useTranslation();
  const csv = useDownload();
  const xlsx = useDownload();
  const start = (download: typeof csv, format: 'csv' | 'xlsx') =>
    void download.start(dashboardExportUrl, { key: report, format }, `${report}.${format}`);
  return (
    <Box
      role="group"
      aria-labelledby={`download-${report}-title`}
      bg="card"
      p="4"
      borderRadius="card"
      borderWidth="1px"
      data-testid={`download-${report}`}
    >
      <Text id={`download-${report}-title`} fontWeight="bold">
        {t(`cmsDashboard.download.${report}`)}
      </Text>
      <Text fontSize="sm" color="muted" mb="3">
        {t(`cmsDashboard.downloadHint.${report}`)}
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <ExportButton label={t('kit.exportCsv')} progress={csv.progress} onClick={() => start(csv, 'csv')} />
        <ExportButton label={t('kit.exportXlsx')} progress={xlsx.progress} onClick={() => start(xlsx, 'xlsx')} />
      </HStack>
    </Box>
  );
}
